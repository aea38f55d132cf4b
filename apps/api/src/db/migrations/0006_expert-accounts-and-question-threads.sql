CREATE TABLE "expert_question_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question_id" uuid NOT NULL,
	"author" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "expert_questions" ADD COLUMN "status" text DEFAULT 'OPEN' NOT NULL;--> statement-breakpoint
ALTER TABLE "expert_questions" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "expert_question_messages" ADD CONSTRAINT "expert_question_messages_question_id_expert_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."expert_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expert_question_messages_question_idx" ON "expert_question_messages" USING btree ("question_id","created_at");--> statement-breakpoint
ALTER TABLE "experts" ADD CONSTRAINT "experts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expert_questions_expert_idx" ON "expert_questions" USING btree ("expert_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "experts_user_unique" ON "experts" USING btree ("user_id");