-- Campus single sign-on by SAML 2.0 beside OpenID Connect: the identity provider's metadata (entity
-- ID, sign-on and logout addresses, every signing certificate it currently publishes, so a rollover
-- works), this portal's own key pair per institution (private key sealed), how attributes map to an
-- account, and whether just-in-time accounts and IdP-initiated sign-on are allowed (both off).
-- Local passwords can be turned off per kind of account. Assertion IDs are kept until they expire so
-- a replayed assertion is refused.
ALTER TABLE "sso_configs" ADD COLUMN "saml_idp_entity_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_configs" ADD COLUMN "saml_idp_sso_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_configs" ADD COLUMN "saml_idp_slo_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_configs" ADD COLUMN "saml_idp_certs" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_configs" ADD COLUMN "saml_idp_metadata_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_configs" ADD COLUMN "saml_sp_key_sealed" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_configs" ADD COLUMN "saml_sp_cert" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_configs" ADD COLUMN "saml_want_encrypted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_configs" ADD COLUMN "saml_idp_initiated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_configs" ADD COLUMN "saml_attributes" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_configs" ADD COLUMN "jit_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_configs" ADD COLUMN "password_off_roles" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_logins" ADD COLUMN "kind" text DEFAULT 'oidc' NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_logins" ADD COLUMN "name_id" text;--> statement-breakpoint
ALTER TABLE "sso_logins" ADD COLUMN "session_index" text;--> statement-breakpoint
ALTER TABLE "sso_logins" ADD COLUMN "session_id" uuid;--> statement-breakpoint
CREATE TABLE "saml_assertions_seen" (
	"institution_id" uuid NOT NULL,
	"assertion_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "saml_assertions_seen_pk" PRIMARY KEY ("institution_id", "assertion_id")
);
--> statement-breakpoint
ALTER TABLE "saml_assertions_seen" ADD CONSTRAINT "saml_assertions_seen_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saml_assertions_seen" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "saml_assertions_seen" USING (institution_id = meridian_tenant()) WITH CHECK (institution_id = meridian_tenant());--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON "saml_assertions_seen" TO meridian_app;
