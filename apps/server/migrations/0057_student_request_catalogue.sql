-- The rest of the student request catalogue (docs/product/students-requests.md#the-catalogue), for offices seeded with
-- it before these request types had forms of their own: matriculation is an exchange visitor (J-1) student's only
-- (SEVIS's exchange visitor batch alone records it); the office's Terminate SEVIS Record is started by staff only; a
-- Several Dependents request covers several F-2/J-2 dependents at once. An office that changed a type keeps its change.
UPDATE "request_types" SET "visa_scope" = 'J-1', "updated_at" = now()
WHERE "code" = 'matriculation_request' AND "visa_scope" IN ('Both', 'All', 'F and J', '');
--> statement-breakpoint
INSERT INTO "request_types" ("institution_id", "code", "name", "description", "visa_scope", "starters")
SELECT "institution_id", 'terminate_request', 'Terminate SEVIS Record',
       'The office ends a student''s SEVIS record with SEVIS''s reason (started from the student record; the student does not see it).',
       'Both', ARRAY['staff']
FROM "request_types" WHERE "code" = 'matriculation_request'
ON CONFLICT ("institution_id", "code") DO NOTHING;
--> statement-breakpoint
INSERT INTO "request_types" ("institution_id", "code", "name", "description", "visa_scope", "starters")
SELECT "institution_id", 'dependent_info_multi', 'Several Dependents',
       'Add, change or end the status of several F-2/J-2 dependents in one request.',
       'Both', ARRAY['student']
FROM "request_types" WHERE "code" = 'matriculation_request'
ON CONFLICT ("institution_id", "code") DO NOTHING;
