-- The student list's keyword search through the trigram index (student_profiles_search_trgm, 0008).
-- Under row-level security PostgreSQL must apply the tenant policy before a non-leakproof LIKE, so the
-- application role's query cannot use the index and computes the search text of every record. This
-- function runs as the table owner, states the tenant filter itself (the caller's app.institution_id,
-- nothing else), and returns only ids; the list query still applies RLS, campus sites and the title.
CREATE OR REPLACE FUNCTION student_search_ids(pattern text) RETURNS SETOF uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS
$$ SELECT id FROM student_profiles
   WHERE institution_id = meridian_tenant()
     AND lower(first_name || ' ' || last_name || ' ' || email || ' ' || coalesce(sevis_id, '') || ' ' || coalesce(campus_id, '')) LIKE pattern $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION student_search_ids(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION student_search_ids(text) TO meridian_app;
