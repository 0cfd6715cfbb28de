-- Keyword search of scholars through the trigram index scholars_search_trgm (0012), as 0010 did for
-- students (docs/decisions/010 and 012): under row-level security PostgreSQL applies the tenant policy
-- before a non-leakproof LIKE, so the application role's query could not use the index. This function
-- runs as the table owner and returns only ids of scholars of the given institution, and only when that
-- is the caller's own tenant (app.institution_id, as the policies read it): any other institution, or no
-- tenant at all, returns nothing. The case lists keep RLS, the department scope and their filters.
CREATE OR REPLACE FUNCTION scholar_search_ids(institution uuid, pattern text) RETURNS SETOF uuid
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS
$$ SELECT id FROM scholars
   WHERE institution_id = institution
     AND institution_id = meridian_tenant()
     AND lower(first_name || ' ' || last_name || ' ' || email) LIKE pattern $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION scholar_search_ids(uuid, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION scholar_search_ids(uuid, text) TO meridian_app;
