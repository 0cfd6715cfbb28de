-- Letter templates and the letters written from them (docs/product/letters.md). A template is the
-- letter's body (a JSON list of blocks, never HTML), its letterhead and its signer; the signature image
-- is a file in file storage. Each letter written is filed on the record's Documents (an attachment) and
-- noted here, so a batch run again after a crash files each record's letter once.
CREATE TABLE "letter_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"name" text NOT NULL,
	"record_kind" text NOT NULL,
	"body" jsonb NOT NULL,
	"show_logo" boolean DEFAULT true NOT NULL,
	"address_lines" text[] DEFAULT '{}' NOT NULL,
	"signer_name" text DEFAULT '' NOT NULL,
	"signer_title" text DEFAULT '' NOT NULL,
	"signature_storage_key" text,
	"signature_file_name" text,
	"signature_content_type" text,
	"signature_size_bytes" integer,
	"default_visibility" text DEFAULT 'office' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "letter_templates_record_kind_check" CHECK ("record_kind" IN ('student', 'exchangeVisitor')),
	CONSTRAINT "letter_templates_visibility_check" CHECK ("default_visibility" IN ('person', 'office')),
	CONSTRAINT "letter_templates_signature_type_check" CHECK ("signature_content_type" IS NULL OR "signature_content_type" IN ('image/png', 'image/jpeg'))
);
--> statement-breakpoint
CREATE TABLE "letters_issued" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"attachment_id" uuid NOT NULL,
	"job_id" uuid,
	"visibility" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid NOT NULL,
	CONSTRAINT "letters_issued_visibility_check" CHECK ("visibility" IN ('person', 'office'))
);
--> statement-breakpoint
ALTER TABLE "letter_templates" ADD CONSTRAINT "letter_templates_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_templates" ADD CONSTRAINT "letter_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letter_templates" ADD CONSTRAINT "letter_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters_issued" ADD CONSTRAINT "letters_issued_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters_issued" ADD CONSTRAINT "letters_issued_template_id_letter_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."letter_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters_issued" ADD CONSTRAINT "letters_issued_attachment_id_attachments_id_fk" FOREIGN KEY ("attachment_id") REFERENCES "public"."attachments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters_issued" ADD CONSTRAINT "letters_issued_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "letter_templates_name_uq" ON "letter_templates" USING btree ("institution_id", lower("name")) WHERE NOT "is_deleted";--> statement-breakpoint
CREATE INDEX "letters_issued_profile_idx" ON "letters_issued" USING btree ("institution_id", "profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "letters_issued_job_profile_uq" ON "letters_issued" USING btree ("job_id", "profile_id") WHERE "job_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "letter_templates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "letter_templates" USING (institution_id = meridian_tenant()) WITH CHECK (institution_id = meridian_tenant());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "letter_templates" TO meridian_app;--> statement-breakpoint
ALTER TABLE "letters_issued" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "letters_issued" USING (institution_id = meridian_tenant()) WITH CHECK (institution_id = meridian_tenant());--> statement-breakpoint
GRANT SELECT, INSERT ON "letters_issued" TO meridian_app;
