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
ALTER TABLE "cohort_nudges" ADD CONSTRAINT "cohort_nudges_cohort_id_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_nudges" ADD CONSTRAINT "cohort_nudges_founder_id_users_id_fk" FOREIGN KEY ("founder_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cohort_nudges" ADD CONSTRAINT "cohort_nudges_sent_by_id_users_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cohort_nudges_founder_idx" ON "cohort_nudges" USING btree ("founder_id","sent_at");