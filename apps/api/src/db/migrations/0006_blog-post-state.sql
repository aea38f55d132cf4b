ALTER TABLE "blog_posts" ADD COLUMN "state" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "origin" text DEFAULT 'pack' NOT NULL;