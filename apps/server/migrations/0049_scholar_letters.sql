-- Letters for scholar cases (docs/product/letters.md#records): a template may be written for a scholar case
-- (H-1B, O-1, J-1), whose letter is filed on the case's sponsorship request. A letter written is noted for
-- either a student record (profile_id) or a scholar case (application_id), never both.
ALTER TABLE "letter_templates" DROP CONSTRAINT "letter_templates_record_kind_check";--> statement-breakpoint
ALTER TABLE "letter_templates" ADD CONSTRAINT "letter_templates_record_kind_check" CHECK ("record_kind" IN ('student', 'exchangeVisitor', 'scholarCase'));--> statement-breakpoint
ALTER TABLE "letters_issued" ALTER COLUMN "profile_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "letters_issued" ADD COLUMN "application_id" uuid;--> statement-breakpoint
ALTER TABLE "letters_issued" ADD CONSTRAINT "letters_issued_application_id_scholar_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."scholar_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters_issued" ADD CONSTRAINT "letters_issued_record_check" CHECK (("profile_id" IS NULL) <> ("application_id" IS NULL));--> statement-breakpoint
CREATE INDEX "letters_issued_application_idx" ON "letters_issued" USING btree ("institution_id", "application_id") WHERE "application_id" IS NOT NULL;
