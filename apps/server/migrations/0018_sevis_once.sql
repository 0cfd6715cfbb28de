ALTER TABLE "attachments" ADD COLUMN "profile_id" uuid;--> statement-breakpoint
-- Points up to the students module: kept in SQL only, as decision 015 keeps foreign keys that point up.
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_profile_id_student_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."student_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_sites_of_activity" ADD COLUMN "sevis_site_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "attachments_profile_idx" ON "attachments" USING btree ("profile_id");