-- Student List (GET /api/students), bench/students-list.bench.ts. Under row-level security the
-- keyword (LIKE, not leakproof) can only filter the rows a title's own conditions select, so these
-- make those conditions and the first pages narrow. Plain CREATE INDEX: drizzle's schema does not list them.
-- 'terminated-18-months': status in (Terminated, Completed, Canceled) since a date, read as a range.
CREATE INDEX IF NOT EXISTS student_profiles_status_date_idx ON student_profiles (institution_id, visa_type, sevis_status, sevis_status_date);
--> statement-breakpoint
-- 'all' sorted by last change (the list's updatedAt sort, id as tie-break): the first page is an index walk.
CREATE INDEX IF NOT EXISTS student_profiles_updated_idx ON student_profiles (institution_id, updated_at DESC, id DESC);
--> statement-breakpoint
-- Employment-based titles (CPT, OPT, STEM, academic training, on-campus) read approved rows of one kind.
CREATE INDEX IF NOT EXISTS student_employments_kind_idx ON student_employments (institution_id, kind, status, profile_id);
--> statement-breakpoint
-- 'correction-requests': the records with a pending correction.
CREATE INDEX IF NOT EXISTS student_profile_corrections_pending_idx ON student_profile_corrections (profile_id) WHERE status = 'pending';
