CREATE TABLE "ai_conversations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"title_pending" boolean DEFAULT true NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title_search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', title)) STORED
);
--> statement-breakpoint
CREATE TABLE "ai_feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"feedback_type" text NOT NULL,
	"reason" text,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"conversation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"position" integer NOT NULL,
	"parent_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"is_latest" boolean DEFAULT true NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'COMPLETE' NOT NULL,
	"error" text,
	"follow_up_questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stop_requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', content)) STORED
);
--> statement-breakpoint
CREATE TABLE "ai_passages" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"context" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"url" text NOT NULL,
	"milestone_key" text,
	"mission_key" text,
	"step_key" text,
	"hash" text NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', context), 'C') || setweight(to_tsvector('english', body), 'B')) STORED
);
--> statement-breakpoint
CREATE TABLE "experts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"auth_type" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"gender" text NOT NULL,
	"phone_number" text NOT NULL,
	"profile_image_url" text NOT NULL,
	"expert_meta" jsonb NOT NULL,
	"booking_url" text,
	"availability" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "milestone_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"program_template_id" uuid NOT NULL,
	"key" text NOT NULL,
	"index" integer NOT NULL,
	"name" text NOT NULL,
	"overview_subtitle" text NOT NULL,
	"description" text NOT NULL,
	"outcome_title" text NOT NULL,
	"outcome_description" text NOT NULL,
	"icon_url" text NOT NULL,
	"secondary_icon_url" text NOT NULL,
	"expert_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mission_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"user_mission_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mission_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"milestone_template_id" uuid NOT NULL,
	"key" text NOT NULL,
	"index" integer NOT NULL,
	"name" text NOT NULL,
	"summary" text NOT NULL,
	"estimated_minutes" integer NOT NULL,
	"deliverable" jsonb
);
--> statement-breakpoint
CREATE TABLE "program_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"version" integer NOT NULL,
	"name" text NOT NULL,
	"summary" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"icon_url" text NOT NULL,
	"secondary_icon_url" text NOT NULL,
	"duration_days" integer,
	"structure_hash" text NOT NULL,
	"content_hash" text NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"kind" text NOT NULL,
	"attachment_id" uuid,
	"user_milestone_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "step_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mission_template_id" uuid NOT NULL,
	"key" text NOT NULL,
	"index" integer NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"body" text NOT NULL,
	"estimated_minutes" integer NOT NULL,
	"worksheet_fields" jsonb,
	"template_file" text
);
--> statement-breakpoint
CREATE TABLE "user_milestones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"user_program_id" uuid NOT NULL,
	"milestone_template_id" uuid NOT NULL,
	"index" integer NOT NULL,
	"status" text NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_missions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"user_milestone_id" uuid NOT NULL,
	"mission_template_id" uuid NOT NULL,
	"index" integer NOT NULL,
	"status" text NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_programs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"program_template_id" uuid NOT NULL,
	"program_key" text NOT NULL,
	"status" text NOT NULL,
	"ends_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"user_mission_id" uuid NOT NULL,
	"step_template_id" uuid NOT NULL,
	"index" integer NOT NULL,
	"status" text NOT NULL,
	"do_later" boolean DEFAULT false NOT NULL,
	"rating" smallint,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"answers_updated_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ai_conversations" ADD CONSTRAINT "ai_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_feedback" ADD CONSTRAINT "ai_feedback_message_id_ai_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."ai_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_feedback" ADD CONSTRAINT "ai_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_messages" ADD CONSTRAINT "ai_messages_conversation_id_ai_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."ai_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_messages" ADD CONSTRAINT "ai_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_templates" ADD CONSTRAINT "milestone_templates_program_template_id_program_templates_id_fk" FOREIGN KEY ("program_template_id") REFERENCES "public"."program_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_attachments" ADD CONSTRAINT "mission_attachments_user_mission_id_user_missions_id_fk" FOREIGN KEY ("user_mission_id") REFERENCES "public"."user_missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_templates" ADD CONSTRAINT "mission_templates_milestone_template_id_milestone_templates_id_fk" FOREIGN KEY ("milestone_template_id") REFERENCES "public"."milestone_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_attachment_id_mission_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."mission_attachments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_user_milestone_id_user_milestones_id_fk" FOREIGN KEY ("user_milestone_id") REFERENCES "public"."user_milestones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_templates" ADD CONSTRAINT "step_templates_mission_template_id_mission_templates_id_fk" FOREIGN KEY ("mission_template_id") REFERENCES "public"."mission_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_milestones" ADD CONSTRAINT "user_milestones_user_program_id_user_programs_id_fk" FOREIGN KEY ("user_program_id") REFERENCES "public"."user_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_milestones" ADD CONSTRAINT "user_milestones_milestone_template_id_milestone_templates_id_fk" FOREIGN KEY ("milestone_template_id") REFERENCES "public"."milestone_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_missions" ADD CONSTRAINT "user_missions_user_milestone_id_user_milestones_id_fk" FOREIGN KEY ("user_milestone_id") REFERENCES "public"."user_milestones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_missions" ADD CONSTRAINT "user_missions_mission_template_id_mission_templates_id_fk" FOREIGN KEY ("mission_template_id") REFERENCES "public"."mission_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_programs" ADD CONSTRAINT "user_programs_program_template_id_program_templates_id_fk" FOREIGN KEY ("program_template_id") REFERENCES "public"."program_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_steps" ADD CONSTRAINT "user_steps_user_mission_id_user_missions_id_fk" FOREIGN KEY ("user_mission_id") REFERENCES "public"."user_missions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_steps" ADD CONSTRAINT "user_steps_step_template_id_step_templates_id_fk" FOREIGN KEY ("step_template_id") REFERENCES "public"."step_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_conversations_user_list_idx" ON "ai_conversations" USING btree ("user_id","is_archived","last_activity_at");--> statement-breakpoint
CREATE INDEX "ai_conversations_title_search_idx" ON "ai_conversations" USING gin ("title_search");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_feedback_message_user_unique" ON "ai_feedback" USING btree ("message_id","user_id");--> statement-breakpoint
CREATE INDEX "ai_messages_conversation_idx" ON "ai_messages" USING btree ("conversation_id","position");--> statement-breakpoint
CREATE INDEX "ai_messages_user_idx" ON "ai_messages" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ai_messages_search_idx" ON "ai_messages" USING gin ("search");--> statement-breakpoint
CREATE INDEX "ai_messages_streaming_idx" ON "ai_messages" USING btree ("conversation_id") WHERE status = 'STREAMING';--> statement-breakpoint
CREATE INDEX "ai_passages_search_idx" ON "ai_passages" USING gin ("search");--> statement-breakpoint
CREATE UNIQUE INDEX "experts_key_unique" ON "experts" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "experts_email_unique" ON "experts" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "milestone_templates_program_key_unique" ON "milestone_templates" USING btree ("program_template_id","key");--> statement-breakpoint
CREATE INDEX "mission_attachments_mission_idx" ON "mission_attachments" USING btree ("user_mission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mission_templates_milestone_key_unique" ON "mission_templates" USING btree ("milestone_template_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "program_templates_key_version_unique" ON "program_templates" USING btree ("key","version");--> statement-breakpoint
CREATE UNIQUE INDEX "shares_token_hash_unique" ON "shares" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "shares_user_idx" ON "shares" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "step_templates_mission_key_unique" ON "step_templates" USING btree ("mission_template_id","key");--> statement-breakpoint
CREATE INDEX "user_milestones_program_idx" ON "user_milestones" USING btree ("user_program_id");--> statement-breakpoint
CREATE INDEX "user_milestones_user_idx" ON "user_milestones" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_missions_milestone_idx" ON "user_missions" USING btree ("user_milestone_id");--> statement-breakpoint
CREATE INDEX "user_missions_user_idx" ON "user_missions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_programs_user_program_unique" ON "user_programs" USING btree ("user_id","program_key");--> statement-breakpoint
CREATE INDEX "user_steps_mission_idx" ON "user_steps" USING btree ("user_mission_id");--> statement-breakpoint
CREATE INDEX "user_steps_user_idx" ON "user_steps" USING btree ("user_id");