-- Staff must use two-step sign-in (docs/product/two-step-sign-in.md#required-for-office-staff): the
-- institution's policy (off unless turned on), and when each session last gave a second step
-- (a code or a passkey at sign-in or since, or a single sign-on provider that vouched for one), which
-- exports and permission changes ask to be recent.
CREATE TABLE "two_step_policies" (
	"institution_id" uuid PRIMARY KEY NOT NULL,
	"staff_required" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "two_step_policies" ADD CONSTRAINT "two_step_policies_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_step_policies" ADD CONSTRAINT "two_step_policies_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_step_policies" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "two_step_policies" USING (institution_id = meridian_tenant()) WITH CHECK (institution_id = meridian_tenant());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "two_step_policies" TO meridian_app;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "second_step_at" timestamp with time zone;
