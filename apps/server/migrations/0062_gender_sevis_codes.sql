-- A record's gender is one of SEVIS's own codes (Table 36: M, F, U), chosen from the office's `genders` list
-- (docs/product/lookups.md#how-forms-use-the-lists). Records held X ("another gender"), which the batches sent as U:
-- every X becomes U, on the student records and their dependents, the scholars, the Demographic Update requests and
-- the students' correction requests, and the SEVIS updates not yet sent. Run again, it changes nothing.
UPDATE student_profiles SET gender = 'U' WHERE upper(btrim(gender)) = 'X';
--> statement-breakpoint
UPDATE student_dependents SET gender = 'U' WHERE upper(btrim(gender)) = 'X';
--> statement-breakpoint
UPDATE scholars SET gender = 'U' WHERE upper(btrim(gender)) = 'X';
--> statement-breakpoint
UPDATE requests SET data = jsonb_set(data, '{new_gender}', '"U"')
 WHERE jsonb_typeof(data->'new_gender') = 'string' AND upper(btrim(data->>'new_gender')) = 'X';
--> statement-breakpoint
UPDATE student_profile_corrections SET changes = jsonb_set(changes, '{gender,to}', '"U"')
 WHERE jsonb_typeof(changes->'gender'->'to') = 'string' AND upper(btrim(changes->'gender'->>'to')) = 'X';
--> statement-breakpoint
UPDATE student_profile_corrections SET changes = jsonb_set(changes, '{gender,from}', '"U"')
 WHERE jsonb_typeof(changes->'gender'->'from') = 'string' AND upper(btrim(changes->'gender'->>'from')) = 'X';
--> statement-breakpoint
UPDATE sevis_pending_events SET payload = jsonb_set(payload, '{gender}', '"U"')
 WHERE status IN ('pending', 'held') AND jsonb_typeof(payload->'gender') = 'string' AND upper(btrim(payload->>'gender')) = 'X';
