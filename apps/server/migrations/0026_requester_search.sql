-- The staff request list's keyword matches the requester's name or e-mail. As a filter across the join
-- PostgreSQL tested the name of every request's requester in the filter's status (80–120 ms at 100 000
-- requests); under row-level security a trigram index on users could not be used either (LIKE is not
-- leakproof). This function runs as the table owner, keeps to the caller's own institution
-- (meridian_tenant(), as the policies read it), finds people through the trigram index and re-checks
-- exactly what the list promises (e-mail, "first last" or "last, first" containing the keyword); the
-- list then reads the requests of those people through requests_requester_idx, under RLS as before.
CREATE INDEX IF NOT EXISTS users_search_trgm ON users USING gin (
  (lower(email || ' ' || first_name || ' ' || last_name || ' ' || last_name || ', ' || first_name)) gin_trgm_ops
);
--> statement-breakpoint
-- A keyword names few people: ROWS 100 lets the list read their requests by index rather than scan the
-- whole status; enable_seqscan off keeps the trigram index in use on a small or freshly filled table
-- (a scan computing four lower-cased names per person cost 10 ms at 5 000 people).
CREATE OR REPLACE FUNCTION user_search_ids(pattern text) RETURNS SETOF uuid
LANGUAGE sql STABLE SECURITY DEFINER ROWS 100 SET search_path = public, pg_temp SET enable_seqscan = off AS
$$ SELECT id FROM users
   WHERE institution_id = meridian_tenant()
     AND lower(email || ' ' || first_name || ' ' || last_name || ' ' || last_name || ', ' || first_name) LIKE pattern
     AND (lower(email) LIKE pattern
          OR lower(first_name || ' ' || last_name) LIKE pattern
          OR lower(last_name || ', ' || first_name) LIKE pattern) $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION user_search_ids(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION user_search_ids(text) TO meridian_app;
