-- Field configuration (docs/product/field-configuration.md): the office's settings of one field of one of its
-- forms (a student request form, the student profile). Null words and a null `required` keep what the form
-- declares; `hidden_for` and `read_only_for` name the roles (student, scholar, department, staff) the field is
-- hidden from or read-only for. No row: the field is as the form declares it. `version` grows with every
-- change, so a save over someone else's newer change is refused.
CREATE TABLE "field_settings" (
	"institution_id" uuid NOT NULL,
	"form_key" text NOT NULL,
	"field_name" text NOT NULL,
	"label" text,
	"help" text,
	"required" boolean,
	"hidden_for" text[] DEFAULT '{}' NOT NULL,
	"read_only_for" text[] DEFAULT '{}' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "field_settings_pk" PRIMARY KEY ("institution_id", "form_key", "field_name"),
	CONSTRAINT "field_settings_roles_check" CHECK ("hidden_for" <@ ARRAY['student', 'scholar', 'department', 'staff']::text[] AND "read_only_for" <@ ARRAY['student', 'scholar', 'department', 'staff']::text[])
);
--> statement-breakpoint
ALTER TABLE "field_settings" ADD CONSTRAINT "field_settings_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_settings" ADD CONSTRAINT "field_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "field_settings" USING (institution_id = meridian_tenant()) WITH CHECK (institution_id = meridian_tenant());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "field_settings" TO meridian_app;
