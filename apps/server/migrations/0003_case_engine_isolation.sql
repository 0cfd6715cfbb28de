-- Row-level security for the case engine's tables (see 0001 and docs/decisions/001).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['lookup_sets','questionnaires','questionnaire_versions','answer_sets','custom_questions',
                           'custom_documents','custom_question_responses','user_groups','user_group_members','workflows',
                           'workflow_steps','approvals','approval_links','request_types','requests','request_tasks',
                           'attachments','comments','notifications'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (institution_id = meridian_tenant()) WITH CHECK (institution_id = meridian_tenant())', t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO meridian_app', t);
  END LOOP;
END $$;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO meridian_app;
