-- Automated e-mail (docs/product/messages.md#automated-e-mail): per institution and event, whether the portal's own
-- e-mail is sent, for which visa types (empty: all the event applies to), in the office's template instead of the
-- system message, and a reminder's lead times; a row only where the office changed the defaults. The reminders
-- sent, one row per record, event, date and lead time, so that a second run (or one in parallel) sends nothing
-- and a changed date reminds again.
CREATE TABLE "automated_email_settings" (
	"institution_id" uuid NOT NULL,
	"event_key" text NOT NULL,
	"enabled" boolean NOT NULL,
	"visa_types" text[] DEFAULT '{}' NOT NULL,
	"template_id" uuid,
	"lead_days" integer[] DEFAULT '{}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "automated_email_settings_pk" PRIMARY KEY("institution_id","event_key")
);
--> statement-breakpoint
CREATE TABLE "automated_email_sent" (
	"institution_id" uuid NOT NULL,
	"event_key" text NOT NULL,
	"record_id" uuid NOT NULL,
	"for_date" date NOT NULL,
	"lead_days" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automated_email_sent_pk" PRIMARY KEY("institution_id","event_key","record_id","for_date","lead_days")
);
--> statement-breakpoint
ALTER TABLE "automated_email_settings" ADD CONSTRAINT "automated_email_settings_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automated_email_settings" ADD CONSTRAINT "automated_email_settings_template_id_email_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."email_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automated_email_settings" ADD CONSTRAINT "automated_email_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automated_email_sent" ADD CONSTRAINT "automated_email_sent_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automated_email_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "automated_email_settings" USING (institution_id = meridian_tenant()) WITH CHECK (institution_id = meridian_tenant());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "automated_email_settings" TO meridian_app;--> statement-breakpoint
ALTER TABLE "automated_email_sent" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "automated_email_sent" USING (institution_id = meridian_tenant()) WITH CHECK (institution_id = meridian_tenant());--> statement-breakpoint
GRANT SELECT, INSERT ON "automated_email_sent" TO meridian_app;
