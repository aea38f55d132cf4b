ALTER TABLE "users" ADD COLUMN "tutorial_completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "profile_edited_at" timestamp with time zone;