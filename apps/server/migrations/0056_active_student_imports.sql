-- The active-student import (docs/product/active-student-import.md): the campus SIS's enrolment feed, one row
-- per active student, stored as an import and compared with the student records in the database.
-- `active_student_import_rows` holds each feed row (typed, as checked), the record it matched, the record's
-- values at the comparison, the fields that differ and the class; records active in Meridian but absent from
-- the feed are rows too (no row number). An apply marks each row it took with its outcome in the same
-- transaction as the record's change, so an interrupted apply resumes with the rows not yet marked and never
-- applies one twice. `student_enrollments` keeps what the SIS last said of each student's enrolment this term.
CREATE TABLE "active_student_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"source" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'compared' NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ignored_columns" text[] DEFAULT '{}' NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_by" uuid,
	"applied_at" timestamp with time zone,
	CONSTRAINT "active_student_imports_source_check" CHECK ("source" IN ('file', 'api')),
	CONSTRAINT "active_student_imports_status_check" CHECK ("status" IN ('compared', 'applied', 'discarded'))
);
--> statement-breakpoint
CREATE TABLE "active_student_import_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"row_no" integer,
	"class" text DEFAULT 'pending' NOT NULL,
	"profile_id" uuid,
	"matched_by" text,
	"sevis_id" text,
	"campus_id" text,
	"last_name" text,
	"first_name" text,
	"middle_name" text,
	"email" text,
	"site_code" text,
	"site_id" integer,
	"major" text,
	"education_level" text,
	"enrollment_status" text,
	"credits" numeric(4, 2),
	"completion_date" date,
	"notes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"record" jsonb,
	"changed" text[] DEFAULT '{}' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"search" text DEFAULT '' NOT NULL,
	"excluded" boolean DEFAULT false NOT NULL,
	"outcome" text,
	"outcome_message" text DEFAULT '' NOT NULL,
	"sevis_updates" integer DEFAULT 0 NOT NULL,
	"applied_at" timestamp with time zone,
	CONSTRAINT "active_student_import_rows_class_check" CHECK ("class" IN ('pending', 'changed', 'unchanged', 'not_found', 'absent', 'conflict', 'not_yours')),
	CONSTRAINT "active_student_import_rows_outcome_check" CHECK ("outcome" IS NULL OR "outcome" IN ('applied', 'skipped', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "student_enrollments" (
	"profile_id" uuid PRIMARY KEY NOT NULL,
	"institution_id" uuid NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	"credits" numeric(4, 2),
	"import_id" uuid,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "active_student_imports" ADD CONSTRAINT "active_student_imports_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "active_student_imports" ADD CONSTRAINT "active_student_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "active_student_imports" ADD CONSTRAINT "active_student_imports_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "active_student_import_rows" ADD CONSTRAINT "active_student_import_rows_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "active_student_import_rows" ADD CONSTRAINT "active_student_import_rows_import_id_active_student_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."active_student_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "active_student_import_rows" ADD CONSTRAINT "active_student_import_rows_profile_id_student_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."student_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_enrollments" ADD CONSTRAINT "student_enrollments_profile_id_student_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."student_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_enrollments" ADD CONSTRAINT "student_enrollments_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "active_student_imports_list_idx" ON "active_student_imports" USING btree ("institution_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "active_student_import_rows_row_uq" ON "active_student_import_rows" USING btree ("import_id","row_no");--> statement-breakpoint
CREATE INDEX "active_student_import_rows_class_idx" ON "active_student_import_rows" USING btree ("import_id","class","row_no");--> statement-breakpoint
CREATE INDEX "active_student_import_rows_profile_idx" ON "active_student_import_rows" USING btree ("import_id","profile_id");--> statement-breakpoint
ALTER TABLE "active_student_imports" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "active_student_imports" USING (institution_id = meridian_tenant()) WITH CHECK (institution_id = meridian_tenant());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "active_student_imports" TO meridian_app;--> statement-breakpoint
ALTER TABLE "active_student_import_rows" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "active_student_import_rows" USING (institution_id = meridian_tenant()) WITH CHECK (institution_id = meridian_tenant());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "active_student_import_rows" TO meridian_app;--> statement-breakpoint
ALTER TABLE "student_enrollments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "student_enrollments" USING (institution_id = meridian_tenant()) WITH CHECK (institution_id = meridian_tenant());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "student_enrollments" TO meridian_app;
