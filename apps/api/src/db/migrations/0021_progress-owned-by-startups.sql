-- The progress becomes the startup's (decision 063). startup_id starts nullable: 0022 fills it and then makes it NOT NULL.
ALTER TABLE "deliverable_reviews" DROP CONSTRAINT "deliverable_reviews_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "mission_attachments" DROP CONSTRAINT "mission_attachments_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "shares" DROP CONSTRAINT "shares_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "user_milestones" DROP CONSTRAINT "user_milestones_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "user_missions" DROP CONSTRAINT "user_missions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "user_programs" DROP CONSTRAINT "user_programs_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "user_retired_steps" DROP CONSTRAINT "user_retired_steps_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "user_steps" DROP CONSTRAINT "user_steps_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "user_programs_user_program_unique";--> statement-breakpoint
ALTER TABLE "deliverable_reviews" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mission_attachments" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "shares" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "user_milestones" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "user_missions" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "user_programs" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "user_retired_steps" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "user_steps" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "deliverable_reviews" ADD COLUMN "startup_id" uuid;--> statement-breakpoint
ALTER TABLE "mission_attachments" ADD COLUMN "startup_id" uuid;--> statement-breakpoint
ALTER TABLE "shares" ADD COLUMN "startup_id" uuid;--> statement-breakpoint
ALTER TABLE "user_milestones" ADD COLUMN "startup_id" uuid;--> statement-breakpoint
ALTER TABLE "user_missions" ADD COLUMN "startup_id" uuid;--> statement-breakpoint
ALTER TABLE "user_programs" ADD COLUMN "startup_id" uuid;--> statement-breakpoint
ALTER TABLE "user_retired_steps" ADD COLUMN "startup_id" uuid;--> statement-breakpoint
ALTER TABLE "user_steps" ADD COLUMN "startup_id" uuid;--> statement-breakpoint
ALTER TABLE "deliverable_reviews" ADD CONSTRAINT "deliverable_reviews_startup_id_startups_id_fk" FOREIGN KEY ("startup_id") REFERENCES "public"."startups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliverable_reviews" ADD CONSTRAINT "deliverable_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_attachments" ADD CONSTRAINT "mission_attachments_startup_id_startups_id_fk" FOREIGN KEY ("startup_id") REFERENCES "public"."startups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_attachments" ADD CONSTRAINT "mission_attachments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_startup_id_startups_id_fk" FOREIGN KEY ("startup_id") REFERENCES "public"."startups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_milestones" ADD CONSTRAINT "user_milestones_startup_id_startups_id_fk" FOREIGN KEY ("startup_id") REFERENCES "public"."startups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_milestones" ADD CONSTRAINT "user_milestones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_missions" ADD CONSTRAINT "user_missions_startup_id_startups_id_fk" FOREIGN KEY ("startup_id") REFERENCES "public"."startups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_missions" ADD CONSTRAINT "user_missions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_programs" ADD CONSTRAINT "user_programs_startup_id_startups_id_fk" FOREIGN KEY ("startup_id") REFERENCES "public"."startups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_programs" ADD CONSTRAINT "user_programs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_retired_steps" ADD CONSTRAINT "user_retired_steps_startup_id_startups_id_fk" FOREIGN KEY ("startup_id") REFERENCES "public"."startups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_retired_steps" ADD CONSTRAINT "user_retired_steps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_steps" ADD CONSTRAINT "user_steps_startup_id_startups_id_fk" FOREIGN KEY ("startup_id") REFERENCES "public"."startups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_steps" ADD CONSTRAINT "user_steps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deliverable_reviews_startup_idx" ON "deliverable_reviews" USING btree ("startup_id");--> statement-breakpoint
CREATE INDEX "mission_attachments_user_idx" ON "mission_attachments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "shares_startup_idx" ON "shares" USING btree ("startup_id");--> statement-breakpoint
CREATE INDEX "user_milestones_startup_idx" ON "user_milestones" USING btree ("startup_id");--> statement-breakpoint
CREATE INDEX "user_missions_startup_idx" ON "user_missions" USING btree ("startup_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_programs_startup_program_unique" ON "user_programs" USING btree ("startup_id","program_key");--> statement-breakpoint
CREATE INDEX "user_programs_user_idx" ON "user_programs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_steps_startup_idx" ON "user_steps" USING btree ("startup_id");