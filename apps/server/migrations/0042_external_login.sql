-- Campus web sign-in (docs/product/external-login.md): a campus web-SSO proxy signs the person in and sets
-- the AUTHN cookie to a short-lived token it signed. One configuration per institution (the shared secret
-- kept sealed, AES-256-GCM; or the proxy's public key), and the tokens already used, kept by hash until
-- they expire so that each works once.
CREATE TABLE "external_login_configs" (
	"institution_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"algorithm" text DEFAULT 'HS256' NOT NULL,
	"shared_secret_sealed" text,
	"public_key" text,
	"issuer" text NOT NULL,
	"audience" text DEFAULT '' NOT NULL,
	"match_claim" text DEFAULT 'sub' NOT NULL,
	"allowed_roles" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "external_login_configs_algorithm_check" CHECK ("algorithm" IN ('HS256', 'RS256', 'ES256'))
);
--> statement-breakpoint
CREATE TABLE "external_login_uses" (
	"institution_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "external_login_uses_pk" PRIMARY KEY("institution_id","token_hash")
);
--> statement-breakpoint
ALTER TABLE "external_login_configs" ADD CONSTRAINT "external_login_configs_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_login_configs" ADD CONSTRAINT "external_login_configs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_login_uses" ADD CONSTRAINT "external_login_uses_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_login_uses" ADD CONSTRAINT "external_login_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "external_login_uses_expires_idx" ON "external_login_uses" USING btree ("institution_id","expires_at");--> statement-breakpoint
ALTER TABLE "external_login_configs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "external_login_configs" USING (institution_id = meridian_tenant()) WITH CHECK (institution_id = meridian_tenant());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "external_login_configs" TO meridian_app;--> statement-breakpoint
ALTER TABLE "external_login_uses" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "external_login_uses" USING (institution_id = meridian_tenant()) WITH CHECK (institution_id = meridian_tenant());--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON "external_login_uses" TO meridian_app;
