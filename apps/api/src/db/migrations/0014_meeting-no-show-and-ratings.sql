ALTER TABLE "meeting_requests" ADD COLUMN "no_show_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "meeting_requests" ADD COLUMN "founder_rating" integer;--> statement-breakpoint
ALTER TABLE "meeting_requests" ADD COLUMN "founder_rating_note" text;--> statement-breakpoint
ALTER TABLE "meeting_requests" ADD COLUMN "expert_rating" integer;--> statement-breakpoint
ALTER TABLE "meeting_requests" ADD COLUMN "expert_rating_note" text;