-- Campus sites managed by the office (docs/product/people.md#campus-sites): a site may be deactivated (kept for
-- its records, no longer offered for new ones), and its code and name are each unique in the institution
-- whatever their case. The table keeps its row-level security and grants from 0001_tenant_isolation.
ALTER TABLE "campus_sites" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "campus_sites_code_uq" ON "campus_sites" USING btree ("institution_id", lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "campus_sites_name_uq" ON "campus_sites" USING btree ("institution_id", lower("name"));
