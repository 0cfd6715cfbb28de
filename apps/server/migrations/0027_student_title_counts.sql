CREATE TABLE "student_title_count_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "student_title_count_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"institution_id" uuid NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_title_counts" (
	"institution_id" uuid PRIMARY KEY NOT NULL,
	"counted_at" timestamp with time zone NOT NULL,
	"counted_for" date NOT NULL,
	"sites" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "student_title_count_changes" ADD CONSTRAINT "student_title_count_changes_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_title_counts" ADD CONSTRAINT "student_title_counts_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_title_count_changes_idx" ON "student_title_count_changes" USING btree ("institution_id");--> statement-breakpoint
-- Row-level security: each institution's counts and change marks are its own (docs/decisions/001).
ALTER TABLE "student_title_counts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "student_title_counts" USING (institution_id = meridian_tenant()) WITH CHECK (institution_id = meridian_tenant());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "student_title_counts" TO meridian_app;--> statement-breakpoint
ALTER TABLE "student_title_count_changes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "student_title_count_changes" USING (institution_id = meridian_tenant()) WITH CHECK (institution_id = meridian_tenant());--> statement-breakpoint
GRANT SELECT, DELETE ON "student_title_count_changes" TO meridian_app;--> statement-breakpoint
-- The list titles count student records, employments and pending corrections: every statement that writes
-- one of them, whoever runs it (a request, a job, the owner), leaves one mark per institution it touched,
-- so the stored counts are known to be out of date (docs/decisions/025). Statement-level with transition
-- tables: a 10 000-row import leaves one mark, and a statement that changed nothing leaves none. Runs as
-- the owner so that writes outside a tenant's transaction are marked too.
CREATE OR REPLACE FUNCTION student_title_counts_changed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS
$$ BEGIN
  INSERT INTO student_title_count_changes (institution_id) SELECT DISTINCT institution_id FROM changed_rows;
  RETURN NULL;
END $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION student_title_counts_changed() FROM PUBLIC;--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['student_profiles','student_employments','student_profile_corrections'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION student_title_counts_changed()', t || '_counts_ins', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION student_title_counts_changed()', t || '_counts_upd', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION student_title_counts_changed()', t || '_counts_del', t);
  END LOOP;
END $$;
