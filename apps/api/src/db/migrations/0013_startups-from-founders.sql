-- Every founder (and anyone holding program progress) becomes the owner of a one-person startup holding their
-- onboarding's company answers (decision 063). The startup takes the founder's own id, so what the founder
-- owned can be handed to their startup by the same key; startups made later get ids of their own.
INSERT INTO "startups" ("id", "name", "stage", "industry", "created_at", "updated_at")
SELECT
  u."id",
  coalesce(
    nullif(btrim(u."meta"->>'startupName'), ''),
    nullif(btrim(coalesce(u."first_name", '')), '') || '''s startup',
    'My startup'
  ),
  nullif(btrim(u."meta"->>'stage'), ''),
  nullif(btrim(u."meta"->>'industry'), ''),
  u."created_at",
  u."updated_at"
FROM "users" u
WHERE ('founder' = ANY (u."roles") OR EXISTS (SELECT 1 FROM "user_programs" p WHERE p."user_id" = u."id"))
  AND NOT EXISTS (SELECT 1 FROM "startup_members" m WHERE m."user_id" = u."id")
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "startup_members" ("user_id", "startup_id", "role", "joined_at")
SELECT u."id", u."id", 'owner', u."created_at"
FROM "users" u
JOIN "startups" s ON s."id" = u."id"
WHERE NOT EXISTS (SELECT 1 FROM "startup_members" m WHERE m."user_id" = u."id");
