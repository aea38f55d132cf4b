-- Hands every founder's progress to their startup (decision 063). Anyone holding progress outside any startup
-- (none is expected after 0013) first becomes the owner of a one-person startup with their own id, as 0013 did.
INSERT INTO "startups" ("id", "name", "created_at", "updated_at")
SELECT u."id", coalesce(nullif(btrim(u."meta"->>'startupName'), ''), 'My startup'), u."created_at", u."updated_at"
FROM "users" u
WHERE EXISTS (SELECT 1 FROM "user_programs" p WHERE p."user_id" = u."id")
  AND NOT EXISTS (SELECT 1 FROM "startup_members" m WHERE m."user_id" = u."id")
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "startup_members" ("user_id", "startup_id", "role", "joined_at")
SELECT u."id", u."id", 'owner', u."created_at"
FROM "users" u
JOIN "startups" s ON s."id" = u."id"
WHERE EXISTS (SELECT 1 FROM "user_programs" p WHERE p."user_id" = u."id")
  AND NOT EXISTS (SELECT 1 FROM "startup_members" m WHERE m."user_id" = u."id");
--> statement-breakpoint
-- The member's startup; a migrated startup shares its founder's id, the fallback when no membership is found.
UPDATE "user_programs" t SET "startup_id" = coalesce((SELECT m."startup_id" FROM "startup_members" m WHERE m."user_id" = t."user_id"), t."user_id") WHERE t."startup_id" IS NULL;
--> statement-breakpoint
UPDATE "user_milestones" t SET "startup_id" = p."startup_id" FROM "user_programs" p WHERE p."id" = t."user_program_id" AND t."startup_id" IS NULL;
--> statement-breakpoint
UPDATE "user_missions" t SET "startup_id" = m."startup_id" FROM "user_milestones" m WHERE m."id" = t."user_milestone_id" AND t."startup_id" IS NULL;
--> statement-breakpoint
UPDATE "user_steps" t SET "startup_id" = m."startup_id" FROM "user_missions" m WHERE m."id" = t."user_mission_id" AND t."startup_id" IS NULL;
--> statement-breakpoint
UPDATE "user_retired_steps" t SET "startup_id" = p."startup_id" FROM "user_programs" p WHERE p."id" = t."user_program_id" AND t."startup_id" IS NULL;
--> statement-breakpoint
UPDATE "mission_attachments" t SET "startup_id" = m."startup_id" FROM "user_missions" m WHERE m."id" = t."user_mission_id" AND t."startup_id" IS NULL;
--> statement-breakpoint
UPDATE "deliverable_reviews" t SET "startup_id" = m."startup_id" FROM "user_missions" m WHERE m."id" = t."user_mission_id" AND t."startup_id" IS NULL;
--> statement-breakpoint
UPDATE "shares" t SET "startup_id" = coalesce((SELECT m."startup_id" FROM "startup_members" m WHERE m."user_id" = t."user_id"), t."user_id") WHERE t."startup_id" IS NULL;
--> statement-breakpoint
ALTER TABLE "user_programs" ALTER COLUMN "startup_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "user_milestones" ALTER COLUMN "startup_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "user_missions" ALTER COLUMN "startup_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "user_steps" ALTER COLUMN "startup_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "user_retired_steps" ALTER COLUMN "startup_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "mission_attachments" ALTER COLUMN "startup_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "deliverable_reviews" ALTER COLUMN "startup_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "shares" ALTER COLUMN "startup_id" SET NOT NULL;
