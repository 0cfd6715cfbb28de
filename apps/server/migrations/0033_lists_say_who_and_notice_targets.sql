-- A notice keeps what it is about, so the bell opens it: besides the request and the scholar it already
-- named, the scholar's case and the student record (pointers only: those tables belong to higher modules).
ALTER TABLE "notifications" ADD COLUMN "scholar_application_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "profile_id" uuid;--> statement-breakpoint
-- A case's status history records the clock's time, not the transaction's, so two changes written in one
-- transaction keep the order they were made in.
ALTER TABLE "scholar_status_history" ALTER COLUMN "created_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
-- Each office list's own requests (docs/decisions/032-lists-say-who-and-one-status-vocabulary.md). The Student
-- Request List counts its requests (about a student record) through a partial index, index only, as the
-- list without an area counts through requests_list_idx.
CREATE INDEX "requests_student_list_idx" ON "requests" USING btree ("institution_id","status","updated_at") WHERE "requests"."profile_id" is not null;--> statement-breakpoint
-- The scholar area's requests (about no student record) are a small share of an office's: each of the
-- list's sorts has a partial index of them in the sort's exact order, carrying what the list filters on
-- and returns (status, type, campus site, id), so a page or a count walks only them, index only, however few match.
CREATE INDEX "requests_other_updated_idx" ON "requests" USING btree ("institution_id","updated_at" DESC NULLS FIRST,"number" DESC NULLS FIRST) INCLUDE ("status","request_type_id","campus_site_id","id") WHERE "requests"."profile_id" is null;--> statement-breakpoint
CREATE INDEX "requests_other_requester_idx" ON "requests" USING btree ("institution_id","requester_last_name","requester_first_name","number") INCLUDE ("status","request_type_id","campus_site_id","id") WHERE "requests"."profile_id" is null;--> statement-breakpoint
CREATE INDEX "requests_other_submitted_idx" ON "requests" USING btree ("institution_id","submitted_at" DESC NULLS LAST,"number" DESC NULLS FIRST) INCLUDE ("status","request_type_id","campus_site_id","id") WHERE "requests"."profile_id" is null;--> statement-breakpoint
CREATE INDEX "requests_other_number_idx" ON "requests" USING btree ("institution_id","number") INCLUDE ("status","request_type_id","campus_site_id","id") WHERE "requests"."profile_id" is null;--> statement-breakpoint
CREATE INDEX "requests_other_status_idx" ON "requests" USING btree ("institution_id","status","number") INCLUDE ("request_type_id","campus_site_id","id") WHERE "requests"."profile_id" is null;
