CREATE TABLE "expert_calendar_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"expert_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"host" text NOT NULL,
	"secret" text NOT NULL,
	"calendars" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"meeting_calendar_url" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"last_error" text,
	"busy" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "meeting_requests" ADD COLUMN "no_show_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "meeting_requests" ADD COLUMN "founder_rating" integer;--> statement-breakpoint
ALTER TABLE "meeting_requests" ADD COLUMN "founder_rating_note" text;--> statement-breakpoint
ALTER TABLE "meeting_requests" ADD COLUMN "expert_rating" integer;--> statement-breakpoint
ALTER TABLE "meeting_requests" ADD COLUMN "expert_rating_note" text;--> statement-breakpoint
ALTER TABLE "meeting_requests" ADD COLUMN "calendar_copy_url" text;--> statement-breakpoint
ALTER TABLE "meeting_requests" ADD COLUMN "calendar_copy_connection_id" uuid;--> statement-breakpoint
ALTER TABLE "expert_calendar_connections" ADD CONSTRAINT "expert_calendar_connections_expert_id_experts_id_fk" FOREIGN KEY ("expert_id") REFERENCES "public"."experts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expert_calendar_connections_expert_idx" ON "expert_calendar_connections" USING btree ("expert_id");--> statement-breakpoint
ALTER TABLE "meeting_requests" ADD CONSTRAINT "meeting_requests_copy_connection_fk" FOREIGN KEY ("calendar_copy_connection_id") REFERENCES "public"."expert_calendar_connections"("id") ON DELETE set null ON UPDATE no action;