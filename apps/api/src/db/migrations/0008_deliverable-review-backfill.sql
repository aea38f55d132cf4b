-- Deliverables handed in before reviews existed wait in the program team's queue like new ones: one
-- submitted review per mission with a deliverable and at least one file, dated by its newest file.
INSERT INTO "deliverable_reviews" ("user_id", "user_mission_id", "status", "submitted_at", "updated_at")
SELECT um."user_id", um."id", 'submitted', max(ma."created_at"), max(ma."created_at")
FROM "user_missions" um
JOIN "mission_templates" mt ON mt."id" = um."mission_template_id"
JOIN "mission_attachments" ma ON ma."user_mission_id" = um."id"
WHERE mt."deliverable" IS NOT NULL
GROUP BY um."user_id", um."id"
ON CONFLICT DO NOTHING;
