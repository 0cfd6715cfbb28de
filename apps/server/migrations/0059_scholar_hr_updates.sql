-- Scholar HR Updates (docs/product/scholar-hr-updates.md): the campus HR system's appointment feed, one row per
-- sponsored scholar or employee, stored as an import and compared in the database with the scholar (matched by
-- scholars.employee_id) and the scholar's current case. `scholar_hr_import_rows` holds each feed row as checked,
-- Meridian's values at the comparison and the case version compared; `scholar_hr_changes` one row per field that
-- differs, which the office accepts or rejects once (the decision, who and when are written in the transaction
-- that changes the case). `content_hash` lets the same feed sent again be recognised.
CREATE TABLE "scholar_hr_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"source" text NOT NULL,
	"file_name" text NOT NULL,
	"content_hash" text NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ignored_columns" text[] DEFAULT '{}' NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scholar_hr_imports_source_check" CHECK ("source" IN ('file', 'api'))
);
--> statement-breakpoint
CREATE TABLE "scholar_hr_import_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"row_no" integer NOT NULL,
	"class" text NOT NULL,
	"employee_id" text NOT NULL,
	"scholar_id" uuid,
	"application_id" uuid,
	"case_version" integer,
	"feed" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"notes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"record" jsonb,
	"changed" text[] DEFAULT '{}' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"sort_name" text DEFAULT '' NOT NULL,
	"search" text DEFAULT '' NOT NULL,
	CONSTRAINT "scholar_hr_import_rows_class_check" CHECK ("class" IN ('changed', 'unchanged', 'not_found', 'no_case', 'not_yours'))
);
--> statement-breakpoint
CREATE TABLE "scholar_hr_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"row_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"field" text NOT NULL,
	"current_value" text,
	"hr_value" text,
	"note" text DEFAULT '' NOT NULL,
	"decision" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	CONSTRAINT "scholar_hr_changes_decision_check" CHECK ("decision" IS NULL OR "decision" IN ('accepted', 'rejected')),
	CONSTRAINT "scholar_hr_changes_decided_check" CHECK (("decision" IS NULL) = ("decided_at" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "scholar_hr_imports" ADD CONSTRAINT "scholar_hr_imports_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholar_hr_imports" ADD CONSTRAINT "scholar_hr_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholar_hr_import_rows" ADD CONSTRAINT "scholar_hr_import_rows_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholar_hr_import_rows" ADD CONSTRAINT "scholar_hr_import_rows_import_id_scholar_hr_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."scholar_hr_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholar_hr_import_rows" ADD CONSTRAINT "scholar_hr_import_rows_scholar_id_scholars_id_fk" FOREIGN KEY ("scholar_id") REFERENCES "public"."scholars"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholar_hr_import_rows" ADD CONSTRAINT "scholar_hr_import_rows_application_id_scholar_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."scholar_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholar_hr_changes" ADD CONSTRAINT "scholar_hr_changes_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholar_hr_changes" ADD CONSTRAINT "scholar_hr_changes_import_id_scholar_hr_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."scholar_hr_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholar_hr_changes" ADD CONSTRAINT "scholar_hr_changes_row_id_scholar_hr_import_rows_id_fk" FOREIGN KEY ("row_id") REFERENCES "public"."scholar_hr_import_rows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholar_hr_changes" ADD CONSTRAINT "scholar_hr_changes_application_id_scholar_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."scholar_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholar_hr_changes" ADD CONSTRAINT "scholar_hr_changes_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scholar_hr_imports_list_idx" ON "scholar_hr_imports" USING btree ("institution_id","created_at");--> statement-breakpoint
CREATE INDEX "scholar_hr_imports_hash_idx" ON "scholar_hr_imports" USING btree ("institution_id","content_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "scholar_hr_import_rows_row_uq" ON "scholar_hr_import_rows" USING btree ("import_id","row_no");--> statement-breakpoint
CREATE INDEX "scholar_hr_import_rows_class_idx" ON "scholar_hr_import_rows" USING btree ("import_id","class","row_no");--> statement-breakpoint
CREATE UNIQUE INDEX "scholar_hr_changes_field_uq" ON "scholar_hr_changes" USING btree ("row_id","field");--> statement-breakpoint
CREATE INDEX "scholar_hr_changes_import_idx" ON "scholar_hr_changes" USING btree ("import_id","decision");--> statement-breakpoint
CREATE INDEX "scholar_hr_changes_application_idx" ON "scholar_hr_changes" USING btree ("application_id");--> statement-breakpoint
ALTER TABLE "scholar_hr_imports" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "scholar_hr_imports" USING (institution_id = meridian_tenant()) WITH CHECK (institution_id = meridian_tenant());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "scholar_hr_imports" TO meridian_app;--> statement-breakpoint
ALTER TABLE "scholar_hr_import_rows" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "scholar_hr_import_rows" USING (institution_id = meridian_tenant()) WITH CHECK (institution_id = meridian_tenant());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "scholar_hr_import_rows" TO meridian_app;--> statement-breakpoint
ALTER TABLE "scholar_hr_changes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "scholar_hr_changes" USING (institution_id = meridian_tenant()) WITH CHECK (institution_id = meridian_tenant());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "scholar_hr_changes" TO meridian_app;
