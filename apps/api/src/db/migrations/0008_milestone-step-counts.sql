ALTER TABLE "user_milestones" ADD COLUMN "steps_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_milestones" ADD COLUMN "steps_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_milestones" ADD COLUMN "steps_open" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_milestones" ADD COLUMN "last_step_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_milestones" ADD COLUMN "last_answer_at" timestamp with time zone;--> statement-breakpoint
-- The step summary on each milestone is kept by the database itself, in the statement that changes a step,
-- so no path that writes steps (the services, a cascade, raw SQL) can leave it stale (decision 038).
CREATE OR REPLACE FUNCTION "count_milestone_steps"("milestone_ids" uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "user_milestones" ml
  SET ("steps_total", "steps_done", "steps_open", "last_step_at", "last_answer_at") = (
    SELECT count(s."id"),
      count(s."id") FILTER (WHERE s."status" = 'COMPLETED'),
      count(s."id") FILTER (WHERE s."status" = 'ONGOING' AND NOT s."do_later"),
      max(s."completed_at"),
      max(s."answers_updated_at")
    FROM "user_missions" mi JOIN "user_steps" s ON s."user_mission_id" = mi."id"
    WHERE mi."user_milestone_id" = ml."id")
  WHERE ml."id" = ANY("milestone_ids");
$$;--> statement-breakpoint
-- Statement triggers with transition tables count each touched milestone once, however many of its steps
-- one statement changed.
CREATE OR REPLACE FUNCTION "refresh_milestone_step_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "count_milestone_steps"(array(
    SELECT DISTINCT mi."user_milestone_id" FROM "user_missions" mi
    WHERE mi."id" IN (SELECT "user_mission_id" FROM "changed_steps")));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "user_steps_counts_insert" AFTER INSERT ON "user_steps"
  REFERENCING NEW TABLE AS "changed_steps" FOR EACH STATEMENT EXECUTE FUNCTION "refresh_milestone_step_counts"();--> statement-breakpoint
CREATE TRIGGER "user_steps_counts_update" AFTER UPDATE ON "user_steps"
  REFERENCING NEW TABLE AS "changed_steps" FOR EACH STATEMENT EXECUTE FUNCTION "refresh_milestone_step_counts"();--> statement-breakpoint
CREATE TRIGGER "user_steps_counts_delete" AFTER DELETE ON "user_steps"
  REFERENCING OLD TABLE AS "changed_steps" FOR EACH STATEMENT EXECUTE FUNCTION "refresh_milestone_step_counts"();--> statement-breakpoint
-- Milestones that existed before the summary: counted once from their steps.
SELECT "count_milestone_steps"(array(SELECT "id" FROM "user_milestones"));
