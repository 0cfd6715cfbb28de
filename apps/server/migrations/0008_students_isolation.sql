-- Row-level security for the students module's tables (see 0001 and docs/decisions/001).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['student_dependents','student_sites_of_activity','student_employments','stem_reports',
                           'sevis_pending_events','student_profile_corrections','stage_items','welcome_wizard_steps',
                           'student_stage_progress','student_imports'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (institution_id = meridian_tenant()) WITH CHECK (institution_id = meridian_tenant())', t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO meridian_app', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- Keyword search over names, e-mail and ids in the student list (lower(...) LIKE '%kw%').
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS student_profiles_search_trgm ON student_profiles USING gin (
  (lower(first_name || ' ' || last_name || ' ' || email || ' ' || coalesce(sevis_id, '') || ' ' || coalesce(campus_id, ''))) gin_trgm_ops
);
