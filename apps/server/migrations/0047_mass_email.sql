-- Mass e-mail (docs/product/messages.md#email-communications): one row per mass send with what was chosen
-- as its recipients, its wording and its state; one row per recipient, snapshotted when the send is created,
-- that the preparing job walks in chunks, queuing each recipient's message in the outbox and remembering it.
CREATE TABLE "mass_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"record_kind" text NOT NULL,
	"recipient_source" jsonb NOT NULL,
	"recipient_label" text DEFAULT '' NOT NULL,
	"subject" text NOT NULL,
	"body_html" text NOT NULL,
	"template_id" uuid,
	"cc_department" boolean DEFAULT false NOT NULL,
	"is_compliance" boolean DEFAULT false NOT NULL,
	"send_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text NOT NULL,
	"total_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "mass_sends_status_check" CHECK ("status" IN ('scheduled', 'preparing', 'sending', 'done', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "mass_send_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"mass_send_id" uuid NOT NULL,
	"record_id" uuid NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"cc" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"outbox_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mass_send_recipients_record_unique" UNIQUE("mass_send_id","record_id"),
	CONSTRAINT "mass_send_recipients_status_check" CHECK ("status" IN ('pending', 'queued', 'skipped', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "mass_sends" ADD CONSTRAINT "mass_sends_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_sends" ADD CONSTRAINT "mass_sends_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_sends" ADD CONSTRAINT "mass_sends_template_id_email_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."email_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_send_recipients" ADD CONSTRAINT "mass_send_recipients_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_send_recipients" ADD CONSTRAINT "mass_send_recipients_mass_send_id_mass_sends_id_fk" FOREIGN KEY ("mass_send_id") REFERENCES "public"."mass_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_send_recipients" ADD CONSTRAINT "mass_send_recipients_outbox_id_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mass_sends_log_idx" ON "mass_sends" USING btree ("institution_id","created_at" DESC);--> statement-breakpoint
CREATE INDEX "mass_sends_due_idx" ON "mass_sends" USING btree ("send_at") WHERE "status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "mass_send_recipients_status_idx" ON "mass_send_recipients" USING btree ("mass_send_id","status");--> statement-breakpoint
ALTER TABLE "mass_sends" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "mass_sends" USING (institution_id = meridian_tenant()) WITH CHECK (institution_id = meridian_tenant());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "mass_sends" TO meridian_app;--> statement-breakpoint
ALTER TABLE "mass_send_recipients" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "mass_send_recipients" USING (institution_id = meridian_tenant()) WITH CHECK (institution_id = meridian_tenant());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "mass_send_recipients" TO meridian_app;
