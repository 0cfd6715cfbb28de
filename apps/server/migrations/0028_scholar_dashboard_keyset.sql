-- The Scholar Dashboard pages by keyset: each sort is one index walk from where the last page ended.
-- Its sorts end with the scholar's name (and the department sort starts with the department's name),
-- which live in other tables; an index covers one table, so the case keeps copies of both names,
-- kept by the triggers below whoever writes (the app never writes them). Then one index per sort in
-- its exact order, the case id last.
DROP INDEX "scholar_applications_dashboard_idx";--> statement-breakpoint
DROP INDEX "scholar_applications_end_idx";--> statement-breakpoint
ALTER TABLE "scholar_applications" ADD COLUMN "scholar_last_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "scholar_applications" ADD COLUMN "scholar_first_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "scholar_applications" ADD COLUMN "department_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "scholar_applications" a SET "scholar_last_name" = s.last_name, "scholar_first_name" = s.first_name, "department_name" = d.name
  FROM scholars s, departments d WHERE s.id = a.scholar_id AND d.id = a.department_id;--> statement-breakpoint
-- A case takes its scholar's and department's names when it is made or moved to another of either.
-- Run as the writer (row-level security applies): the scholar and the department are the case's tenant's.
CREATE OR REPLACE FUNCTION scholar_application_copy_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT coalesce(s.last_name, ''), coalesce(s.first_name, '') INTO NEW.scholar_last_name, NEW.scholar_first_name
    FROM scholars s WHERE s.id = NEW.scholar_id;
  SELECT coalesce(d.name, '') INTO NEW.department_name FROM departments d WHERE d.id = NEW.department_id;
  NEW.scholar_last_name := coalesce(NEW.scholar_last_name, '');
  NEW.scholar_first_name := coalesce(NEW.scholar_first_name, '');
  NEW.department_name := coalesce(NEW.department_name, '');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER scholar_application_copy_names BEFORE INSERT OR UPDATE OF scholar_id, department_id ON scholar_applications
  FOR EACH ROW EXECUTE FUNCTION scholar_application_copy_names();--> statement-breakpoint
-- A renamed scholar's cases follow.
CREATE OR REPLACE FUNCTION scholar_name_to_applications() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE scholar_applications SET scholar_last_name = NEW.last_name, scholar_first_name = NEW.first_name WHERE scholar_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER scholar_name_to_applications AFTER UPDATE OF last_name, first_name ON scholars
  FOR EACH ROW WHEN (OLD.last_name IS DISTINCT FROM NEW.last_name OR OLD.first_name IS DISTINCT FROM NEW.first_name)
  EXECUTE FUNCTION scholar_name_to_applications();--> statement-breakpoint
-- A renamed department's cases follow (the people module owns departments; this trigger is the scholars
-- module's, and writes only its own table).
CREATE OR REPLACE FUNCTION department_name_to_scholar_applications() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE scholar_applications SET department_name = NEW.name WHERE department_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER department_name_to_scholar_applications AFTER UPDATE OF name ON departments
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION department_name_to_scholar_applications();--> statement-breakpoint
-- The phase sort's index is on the phases' catalogue order, written as the dashboard writes it
-- (PHASE_RANK_BRANCHES in modules/scholars/schema.ts).
CREATE INDEX "scholar_applications_updated_sort_idx" ON "scholar_applications" USING btree ("institution_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "scholar_applications_phase_updated_sort_idx" ON "scholar_applications" USING btree ("institution_id","phase","updated_at","id");--> statement-breakpoint
CREATE INDEX "scholar_applications_name_sort_idx" ON "scholar_applications" USING btree ("institution_id","scholar_last_name","scholar_first_name","id");--> statement-breakpoint
CREATE INDEX "scholar_applications_department_sort_idx" ON "scholar_applications" USING btree ("institution_id","department_name","scholar_last_name","scholar_first_name","id");--> statement-breakpoint
CREATE INDEX "scholar_applications_visa_sort_idx" ON "scholar_applications" USING btree ("institution_id","processed_state","scholar_last_name","scholar_first_name","id");--> statement-breakpoint
CREATE INDEX "scholar_applications_phase_sort_idx" ON "scholar_applications" USING btree ("institution_id",(case "phase" when 'sponsorship_request' then 1 when 'application' then 2 when 'isss_review' then 3 when 'petition_preparation' then 4 when 'filed' then 5 when 'approved' then 6 when 'active' then 7 when 'closed' then 8 else 9 end),"scholar_last_name","scholar_first_name","id");--> statement-breakpoint
CREATE INDEX "scholar_applications_status_sort_idx" ON "scholar_applications" USING btree ("institution_id","status","scholar_last_name","scholar_first_name","id");--> statement-breakpoint
CREATE INDEX "scholar_applications_end_sort_idx" ON "scholar_applications" USING btree ("institution_id","processed_end_date","scholar_last_name","scholar_first_name","id");--> statement-breakpoint
CREATE INDEX "scholar_applications_end_desc_sort_idx" ON "scholar_applications" USING btree ("institution_id","processed_end_date" DESC NULLS LAST,"scholar_last_name" DESC NULLS FIRST,"scholar_first_name" DESC NULLS FIRST,"id" DESC NULLS FIRST);
