-- Campus single sign-on (OpenID Connect): one identity provider per institution, and the sign-ins
-- under way (state, nonce and PKCE verifier between the redirect and the return; then the one-time
-- code the browser trades for a session). The client secret is kept sealed (AES-256-GCM).
CREATE TABLE "sso_configs" (
	"institution_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"kind" text DEFAULT 'oidc' NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_sealed" text NOT NULL,
	"scopes" text DEFAULT 'openid profile email' NOT NULL,
	"match_claim" text NOT NULL,
	"allowed_roles" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "sso_logins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"state_hash" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"portal" text NOT NULL,
	"return_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"returned_at" timestamp with time zone,
	"user_id" uuid,
	"handoff_hash" text,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "sso_logins_state_hash_unique" UNIQUE("state_hash"),
	CONSTRAINT "sso_logins_handoff_hash_unique" UNIQUE("handoff_hash")
);
--> statement-breakpoint
ALTER TABLE "sso_configs" ADD CONSTRAINT "sso_configs_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_configs" ADD CONSTRAINT "sso_configs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_logins" ADD CONSTRAINT "sso_logins_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_logins" ADD CONSTRAINT "sso_logins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_logins_created_idx" ON "sso_logins" USING btree ("institution_id","created_at");--> statement-breakpoint
ALTER TABLE "sso_configs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "sso_configs" USING (institution_id = meridian_tenant()) WITH CHECK (institution_id = meridian_tenant());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "sso_configs" TO meridian_app;--> statement-breakpoint
ALTER TABLE "sso_logins" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "sso_logins" USING (institution_id = meridian_tenant()) WITH CHECK (institution_id = meridian_tenant());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "sso_logins" TO meridian_app;
