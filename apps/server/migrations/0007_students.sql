CREATE TABLE "sevis_pending_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"dependent_id" uuid,
	"event_type" text NOT NULL,
	"action" text DEFAULT '' NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"request_id" uuid,
	"batch_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stage_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"visa_scope" text DEFAULT 'All' NOT NULL,
	"custom_question_id" uuid,
	"custom_document_id" uuid,
	"ordinal" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stem_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"employment_id" uuid,
	"kind" text NOT NULL,
	"due_date" date NOT NULL,
	"received_at" timestamp with time zone,
	"attachment_id" uuid,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_dependents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"sevis_id" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"relationship_to_principal_cd" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"gender" text DEFAULT '' NOT NULL,
	"date_of_birth" date,
	"birth_city" text DEFAULT '' NOT NULL,
	"birth_country_cd" text DEFAULT '' NOT NULL,
	"country_of_citizenship_cd" text DEFAULT '' NOT NULL,
	"country_of_permanent_residence_cd" text DEFAULT '' NOT NULL,
	"needs_sevis_update" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"termination_reason_cd" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_employments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"opt_phase" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'approved' NOT NULL,
	"authorized_start_date" date,
	"authorized_end_date" date,
	"employer_name" text DEFAULT '' NOT NULL,
	"employer_ein" text DEFAULT '' NOT NULL,
	"job_title" text DEFAULT '' NOT NULL,
	"employer_address" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"start_date" date,
	"end_date" date,
	"full_or_part_time" text DEFAULT '' NOT NULL,
	"hours_per_week" integer,
	"i983_attachment_id" uuid,
	"request_id" uuid,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'previewed' NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"campus_site_id" integer,
	"created_by" uuid,
	"committed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_profile_corrections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"changes" jsonb NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decision_note" text DEFAULT '' NOT NULL,
	"requested_by" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_sites_of_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"name" text NOT NULL,
	"address" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_stage_progress" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"completed_step_ids" uuid[] DEFAULT '{}' NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "welcome_wizard_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"kind" text DEFAULT 'content' NOT NULL,
	"item_ids" uuid[] DEFAULT '{}' NOT NULL,
	"visa_scope" text DEFAULT 'All' NOT NULL,
	"ordinal" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "student_profiles" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "sevis_id" text;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "campus_id" text;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "first_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "middle_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "last_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "suffix" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "gender" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "birth_city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "birth_country_cd" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "citizenship_country_cd" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "permanent_residence_country_cd" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "visa_type" text DEFAULT 'F-1' NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "sevis_status" text DEFAULT 'Initial' NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "sevis_status_date" date;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "education_level" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "major1_cd" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "major2_cd" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "minor_cd" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "program_start_date" date;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "program_end_date" date;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "document_issue_date" date;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "document_issue_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "ev_category_cd" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "subject_field_cd" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "session_start_date" date;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "session_end_date" date;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "is_last_session" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "is_registered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "port_of_entry" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "entry_date" date;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "transfer_direction" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "transfer_school" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "transfer_release_date" date;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "us_address" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "foreign_address" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "financials" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "portal_access" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "tags" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "is_archived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "profile_id" uuid;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "data" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sevis_pending_events" ADD CONSTRAINT "sevis_pending_events_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sevis_pending_events" ADD CONSTRAINT "sevis_pending_events_profile_id_student_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."student_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sevis_pending_events" ADD CONSTRAINT "sevis_pending_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_items" ADD CONSTRAINT "stage_items_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stem_reports" ADD CONSTRAINT "stem_reports_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stem_reports" ADD CONSTRAINT "stem_reports_profile_id_student_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."student_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stem_reports" ADD CONSTRAINT "stem_reports_employment_id_student_employments_id_fk" FOREIGN KEY ("employment_id") REFERENCES "public"."student_employments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_dependents" ADD CONSTRAINT "student_dependents_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_dependents" ADD CONSTRAINT "student_dependents_profile_id_student_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."student_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_employments" ADD CONSTRAINT "student_employments_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_employments" ADD CONSTRAINT "student_employments_profile_id_student_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."student_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_imports" ADD CONSTRAINT "student_imports_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_imports" ADD CONSTRAINT "student_imports_campus_site_id_campus_sites_id_fk" FOREIGN KEY ("campus_site_id") REFERENCES "public"."campus_sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_imports" ADD CONSTRAINT "student_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_profile_corrections" ADD CONSTRAINT "student_profile_corrections_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_profile_corrections" ADD CONSTRAINT "student_profile_corrections_profile_id_student_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."student_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_profile_corrections" ADD CONSTRAINT "student_profile_corrections_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_profile_corrections" ADD CONSTRAINT "student_profile_corrections_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_sites_of_activity" ADD CONSTRAINT "student_sites_of_activity_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_sites_of_activity" ADD CONSTRAINT "student_sites_of_activity_profile_id_student_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."student_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_stage_progress" ADD CONSTRAINT "student_stage_progress_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_stage_progress" ADD CONSTRAINT "student_stage_progress_profile_id_student_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."student_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "welcome_wizard_steps" ADD CONSTRAINT "welcome_wizard_steps_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sevis_pending_events_profile_idx" ON "sevis_pending_events" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "sevis_pending_events_status_idx" ON "sevis_pending_events" USING btree ("institution_id","status","created_at");--> statement-breakpoint
CREATE INDEX "stage_items_stage_idx" ON "stage_items" USING btree ("institution_id","stage","ordinal");--> statement-breakpoint
CREATE INDEX "stem_reports_profile_idx" ON "stem_reports" USING btree ("profile_id","due_date");--> statement-breakpoint
CREATE INDEX "student_dependents_profile_idx" ON "student_dependents" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "student_employments_profile_idx" ON "student_employments" USING btree ("profile_id","kind");--> statement-breakpoint
CREATE INDEX "student_imports_created_idx" ON "student_imports" USING btree ("institution_id","created_at");--> statement-breakpoint
CREATE INDEX "student_profile_corrections_idx" ON "student_profile_corrections" USING btree ("institution_id","status","created_at");--> statement-breakpoint
CREATE INDEX "student_soa_profile_idx" ON "student_sites_of_activity" USING btree ("profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "student_stage_progress_uq" ON "student_stage_progress" USING btree ("profile_id","stage");--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_profile_id_student_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."student_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "student_profiles_user_uq" ON "student_profiles" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "student_profiles_sevis_uq" ON "student_profiles" USING btree ("institution_id","sevis_id");--> statement-breakpoint
CREATE UNIQUE INDEX "student_profiles_campus_id_uq" ON "student_profiles" USING btree ("institution_id","campus_id");--> statement-breakpoint
CREATE INDEX "student_profiles_list_idx" ON "student_profiles" USING btree ("institution_id","visa_type","sevis_status","last_name","first_name");--> statement-breakpoint
CREATE INDEX "student_profiles_site_idx" ON "student_profiles" USING btree ("institution_id","campus_site_id");