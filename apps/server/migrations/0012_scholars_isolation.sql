-- Row-level security for the scholars module's tables (see 0001 and docs/decisions/001).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['scholar_applications','scholar_status_history','department_configs',
                           'scholar_account_settings','scholar_alerts_sent'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (institution_id = meridian_tenant()) WITH CHECK (institution_id = meridian_tenant())', t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO meridian_app', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- Keyword search over scholar names and e-mail (office and department dashboards).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS scholars_search_trgm ON scholars USING gin ((lower(first_name || ' ' || last_name || ' ' || email)) gin_trgm_ops);
