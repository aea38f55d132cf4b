CREATE TABLE "expert_calendar_feeds" (
	"expert_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "availability_edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "meeting_requests" ADD COLUMN "awaiting" text DEFAULT 'expert' NOT NULL;--> statement-breakpoint
ALTER TABLE "meeting_requests" ADD COLUMN "expert_message" text;--> statement-breakpoint
ALTER TABLE "meeting_requests" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "meeting_requests" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "state" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "origin" text DEFAULT 'pack' NOT NULL;--> statement-breakpoint
ALTER TABLE "popular_questions" ADD COLUMN "promoted_from" uuid;--> statement-breakpoint
ALTER TABLE "expert_calendar_feeds" ADD CONSTRAINT "expert_calendar_feeds_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "expert_calendar_feeds_token_unique" ON "expert_calendar_feeds" USING btree ("token_hash");