-- Site Pages (docs/product/site-pages.md): the office's pages of information for students and scholars. Who
-- sees a page (audience, stages, visa types; empty lists: every one) and its address apply at once; its
-- heading and text are kept as a draft and, once published, as the published copy readers see. `version`
-- grows with every change, so a save over someone else's newer change is refused.
CREATE TABLE "site_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"audience" text NOT NULL,
	"stages" text[] DEFAULT '{}' NOT NULL,
	"visa_types" text[] DEFAULT '{}' NOT NULL,
	"draft_title" text NOT NULL,
	"draft_body_html" text DEFAULT '' NOT NULL,
	"published_title" text,
	"published_body_html" text,
	"published_at" timestamp with time zone,
	"published_by" uuid,
	"ordinal" integer DEFAULT 0 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "site_pages_audience_check" CHECK ("audience" IN ('students', 'scholars')),
	CONSTRAINT "site_pages_published_check" CHECK (("published_at" IS NULL) = ("published_title" IS NULL) AND ("published_at" IS NULL) = ("published_body_html" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "site_pages" ADD CONSTRAINT "site_pages_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_pages" ADD CONSTRAINT "site_pages_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_pages" ADD CONSTRAINT "site_pages_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "site_pages_slug_uq" ON "site_pages" USING btree ("institution_id","slug");--> statement-breakpoint
CREATE INDEX "site_pages_order_idx" ON "site_pages" USING btree ("institution_id","audience","ordinal");--> statement-breakpoint
ALTER TABLE "site_pages" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "site_pages" USING (institution_id = meridian_tenant()) WITH CHECK (institution_id = meridian_tenant());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "site_pages" TO meridian_app;
