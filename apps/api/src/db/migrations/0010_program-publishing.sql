CREATE TABLE "program_drafts" (
	"program_key" text PRIMARY KEY NOT NULL,
	"based_on_version" integer NOT NULL,
	"document" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_retired_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"user_program_id" uuid NOT NULL,
	"from_version" integer NOT NULL,
	"milestone_key" text NOT NULL,
	"mission_key" text NOT NULL,
	"step_key" text NOT NULL,
	"title" text NOT NULL,
	"status" text NOT NULL,
	"do_later" boolean NOT NULL,
	"rating" smallint,
	"answers" jsonb NOT NULL,
	"completed_at" timestamp with time zone,
	"retired_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "program_templates" ADD COLUMN "document" jsonb;--> statement-breakpoint
ALTER TABLE "program_templates" ADD COLUMN "change_summary" text;--> statement-breakpoint
ALTER TABLE "program_templates" ADD COLUMN "published_by" uuid;--> statement-breakpoint
ALTER TABLE "program_drafts" ADD CONSTRAINT "program_drafts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_retired_steps" ADD CONSTRAINT "user_retired_steps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_retired_steps" ADD CONSTRAINT "user_retired_steps_user_program_id_user_programs_id_fk" FOREIGN KEY ("user_program_id") REFERENCES "public"."user_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_retired_steps_program_idx" ON "user_retired_steps" USING btree ("user_program_id");--> statement-breakpoint
ALTER TABLE "program_templates" ADD CONSTRAINT "program_templates_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;