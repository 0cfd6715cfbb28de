-- Tenant isolation in one place: the application runs every request as the non-owner role
-- meridian_app with app.institution_id set for the transaction; row-level security makes every
-- other institution's rows invisible and unwritable, whatever a query forgets.
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'meridian_app') THEN
    CREATE ROLE meridian_app NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;
--> statement-breakpoint
DO $$ BEGIN
  EXECUTE format('GRANT meridian_app TO %I', current_user);
EXCEPTION WHEN others THEN NULL;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO meridian_app;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION meridian_tenant() RETURNS uuid LANGUAGE sql STABLE AS
$$ SELECT nullif(current_setting('app.institution_id', true), '')::uuid $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION meridian_tenant() TO meridian_app;
--> statement-breakpoint
ALTER TABLE institutions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON institutions USING (id = meridian_tenant()) WITH CHECK (id = meridian_tenant());
--> statement-breakpoint
GRANT SELECT, UPDATE ON institutions TO meridian_app;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['campus_sites','departments','users','student_profiles','scholars','sessions',
                           'refresh_tokens','password_links','login_throttle','outbox'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (institution_id = meridian_tenant()) WITH CHECK (institution_id = meridian_tenant())', t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO meridian_app', t);
  END LOOP;
END $$;
--> statement-breakpoint
-- The audit trail is append-only for the application.
ALTER TABLE audit_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON audit_events USING (institution_id = meridian_tenant()) WITH CHECK (institution_id = meridian_tenant());
--> statement-breakpoint
GRANT SELECT, INSERT ON audit_events TO meridian_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO meridian_app;
