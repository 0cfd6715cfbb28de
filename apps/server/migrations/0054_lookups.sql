-- Lookups (docs/product/lookups.md): the office's code lists (countries, U.S. states, education levels, subject
-- fields, SEVIS's reason codes...) and their values, per institution, read by the forms. The lists are seeded
-- from SEVIS's tables when the server starts (and for an institution made later, when a list is first read).
-- A value is never deleted once a record may hold it: it is retired (active_until, the first day it is no
-- longer offered), so old records keep their code and label; the application role may not delete one.
CREATE TABLE "lookup_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"allows_office_values" boolean DEFAULT false NOT NULL,
	"attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seed_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lookup_values" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"list_id" uuid NOT NULL,
	"code" text NOT NULL,
	"label" text NOT NULL,
	"official_label" text,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active_from" date,
	"active_until" date,
	"is_official" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lookup_values_active_range_check" CHECK ("active_from" IS NULL OR "active_until" IS NULL OR "active_until" > "active_from")
);
--> statement-breakpoint
ALTER TABLE "lookup_lists" ADD CONSTRAINT "lookup_lists_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lookup_values" ADD CONSTRAINT "lookup_values_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lookup_values" ADD CONSTRAINT "lookup_values_list_id_lookup_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."lookup_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lookup_values" ADD CONSTRAINT "lookup_values_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lookup_values" ADD CONSTRAINT "lookup_values_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lookup_lists_key_uq" ON "lookup_lists" USING btree ("institution_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "lookup_values_code_uq" ON "lookup_values" USING btree ("list_id","code");--> statement-breakpoint
CREATE INDEX "lookup_values_order_idx" ON "lookup_values" USING btree ("list_id","sort_order","code");--> statement-breakpoint
CREATE INDEX "lookup_values_iso_idx" ON "lookup_values" USING btree ("list_id",("attributes"->>'iso')) WHERE "attributes" ? 'iso';--> statement-breakpoint
ALTER TABLE "lookup_lists" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "lookup_lists" USING (institution_id = meridian_tenant()) WITH CHECK (institution_id = meridian_tenant());--> statement-breakpoint
ALTER TABLE "lookup_values" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "lookup_values" USING (institution_id = meridian_tenant()) WITH CHECK (institution_id = meridian_tenant());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "lookup_lists" TO meridian_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON "lookup_values" TO meridian_app;
