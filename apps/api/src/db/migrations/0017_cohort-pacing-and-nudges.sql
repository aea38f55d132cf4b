CREATE TABLE "cohort_milestone_windows" (
	"cohort_id" uuid NOT NULL,
	"milestone_key" text NOT NULL,
	"opens_on" date NOT NULL,
	"due_on" date NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cohort_milestone_windows_cohort_id_milestone_key_pk" PRIMARY KEY("cohort_id","milestone_key")
);
--> statement-breakpoint
CREATE TABLE "cohort_nudges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cohort_id" uuid NOT NULL,
	"founder_id" uuid NOT NULL,
	"sent_by_id" uuid,
	"reason" text,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"link" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pacing_notices" (
	"user_id" uuid NOT NULL,
	"cohort_id" uuid NOT NULL,
	"milestone_key" text NOT NULL,
	"notice" text NOT NULL,
	"due_on" date NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pacing_notices_user_id_cohort_id_milestone_key_notice_due_on_pk" PRIMARY KEY("user_id","cohort_id","milestone_key","notice","due_on")
);
--> statement-breakpoint
ALTER TABLE "cohort_milestone_windows" ADD CONSTRAINT "cohort_milestone_windows_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_nudges" ADD CONSTRAINT "cohort_nudges_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_nudges" ADD CONSTRAINT "cohort_nudges_founder_id_users_id_fk" FOREIGN KEY ("founder_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_nudges" ADD CONSTRAINT "cohort_nudges_sent_by_id_users_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pacing_notices" ADD CONSTRAINT "pacing_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pacing_notices" ADD CONSTRAINT "pacing_notices_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cohort_milestone_windows_due_idx" ON "cohort_milestone_windows" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "cohort_nudges_founder_idx" ON "cohort_nudges" USING btree ("founder_id","sent_at");