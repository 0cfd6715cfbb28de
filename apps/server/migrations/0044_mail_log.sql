-- The sent-mail log (docs/product/messages.md#sent-email): each message in the outbox says whom it went to
-- in copy, what kind of mail it is (transactional, compliance or bulk), which record and account it is
-- about, who sent it by hand, the mass e-mail it belongs to, and the mail server's answer. Addresses that
-- asked to receive no more bulk mail are kept per institution (docs/product/messages.md#delivery).
ALTER TABLE "outbox" ADD COLUMN "cc" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "category" text DEFAULT 'transactional' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "profile_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "scholar_application_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "scholar_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "request_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "sent_by" uuid;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "mass_send_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "smtp_response" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_category_check" CHECK ("category" IN ('transactional', 'compliance', 'bulk'));--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_profile_id_student_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."student_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_scholar_application_id_scholar_applications_id_fk" FOREIGN KEY ("scholar_application_id") REFERENCES "public"."scholar_applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_scholar_id_scholars_id_fk" FOREIGN KEY ("scholar_id") REFERENCES "public"."scholars"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_log_idx" ON "outbox" USING btree ("institution_id","created_at" DESC);--> statement-breakpoint
CREATE INDEX "outbox_to_idx" ON "outbox" USING btree ("institution_id",lower("to_address"));--> statement-breakpoint
CREATE INDEX "outbox_profile_idx" ON "outbox" USING btree ("profile_id","created_at" DESC) WHERE "profile_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_sent_by_idx" ON "outbox" USING btree ("sent_by") WHERE "sent_by" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_mass_send_idx" ON "outbox" USING btree ("mass_send_id") WHERE "mass_send_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "mail_opt_outs" (
	"institution_id" uuid NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_opt_outs_pk" PRIMARY KEY("institution_id","address"),
	CONSTRAINT "mail_opt_outs_lower_check" CHECK ("address" = lower("address"))
);
--> statement-breakpoint
ALTER TABLE "mail_opt_outs" ADD CONSTRAINT "mail_opt_outs_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_opt_outs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "mail_opt_outs" USING (institution_id = meridian_tenant()) WITH CHECK (institution_id = meridian_tenant());--> statement-breakpoint
GRANT SELECT, INSERT ON "mail_opt_outs" TO meridian_app;
