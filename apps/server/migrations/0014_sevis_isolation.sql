-- Row-level security for the sevis module's tables (see 0001 and docs/decisions/001).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['sevis_settings','sevis_senders','sevis_batches','sevis_batch_records',
                           'sevis_transaction_logs','rti_imports','rti_import_rows'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (institution_id = meridian_tenant()) WITH CHECK (institution_id = meridian_tenant())', t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO meridian_app', t);
  END LOOP;
END $$;
