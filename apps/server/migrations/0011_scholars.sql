CREATE TABLE "department_configs" (
	"department_id" uuid PRIMARY KEY NOT NULL,
	"institution_id" uuid NOT NULL,
	"contacts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sites_of_activity" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sponsorship_workflow_id" uuid,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scholar_account_settings" (
	"institution_id" uuid PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scholar_alerts_sent" (
	"institution_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"offset_days" integer DEFAULT 0 NOT NULL,
	"for_date" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scholar_alerts_sent_application_id_kind_offset_days_for_date_pk" PRIMARY KEY("application_id","kind","offset_days","for_date")
);
--> statement-breakpoint
CREATE TABLE "scholar_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"scholar_id" uuid NOT NULL,
	"department_id" uuid NOT NULL,
	"campus_site_id" integer,
	"proposed_status" text NOT NULL,
	"proposed_start_date" date,
	"proposed_end_date" date,
	"position" text DEFAULT '' NOT NULL,
	"hiring_authority_name" text DEFAULT '' NOT NULL,
	"hiring_authority_email" text DEFAULT '' NOT NULL,
	"sponsorship_state" text DEFAULT 'draft' NOT NULL,
	"processed_state" text DEFAULT '' NOT NULL,
	"processed_start_date" date,
	"processed_end_date" date,
	"application_state" text DEFAULT 'not_started' NOT NULL,
	"submitted_to_isss_at" timestamp with time zone,
	"phase" text DEFAULT 'sponsorship_request' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"status_change_date" date,
	"is_locked" boolean DEFAULT false NOT NULL,
	"premium_process_flag" boolean DEFAULT false NOT NULL,
	"premium_processing" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"employment" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"office_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sponsorship_request_id" uuid,
	"application_request_id" uuid,
	"created_by" uuid,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scholar_status_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"phase" text NOT NULL,
	"status" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"change_date" date NOT NULL,
	"reference_number" text DEFAULT '' NOT NULL,
	"reference_date" date,
	"change_reason" text DEFAULT '' NOT NULL,
	"is_unlocked" boolean DEFAULT false NOT NULL,
	"visa_code" text DEFAULT '' NOT NULL,
	"changed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scholars" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "scholars" ADD COLUMN "current_application_id" uuid;--> statement-breakpoint
ALTER TABLE "scholars" ADD COLUMN "first_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "scholars" ADD COLUMN "middle_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "scholars" ADD COLUMN "last_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "scholars" ADD COLUMN "email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "scholars" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "scholars" ADD COLUMN "gender" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "scholars" ADD COLUMN "citizenship_country_cd" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "scholars" ADD COLUMN "birth_country_cd" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "scholars" ADD COLUMN "alien_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "scholars" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "scholars" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "department_configs" ADD CONSTRAINT "department_configs_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_configs" ADD CONSTRAINT "department_configs_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_configs" ADD CONSTRAINT "department_configs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholar_account_settings" ADD CONSTRAINT "scholar_account_settings_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholar_account_settings" ADD CONSTRAINT "scholar_account_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholar_alerts_sent" ADD CONSTRAINT "scholar_alerts_sent_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholar_alerts_sent" ADD CONSTRAINT "scholar_alerts_sent_application_id_scholar_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."scholar_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholar_applications" ADD CONSTRAINT "scholar_applications_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholar_applications" ADD CONSTRAINT "scholar_applications_scholar_id_scholars_id_fk" FOREIGN KEY ("scholar_id") REFERENCES "public"."scholars"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholar_applications" ADD CONSTRAINT "scholar_applications_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholar_applications" ADD CONSTRAINT "scholar_applications_campus_site_id_campus_sites_id_fk" FOREIGN KEY ("campus_site_id") REFERENCES "public"."campus_sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholar_applications" ADD CONSTRAINT "scholar_applications_sponsorship_request_id_requests_id_fk" FOREIGN KEY ("sponsorship_request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholar_applications" ADD CONSTRAINT "scholar_applications_application_request_id_requests_id_fk" FOREIGN KEY ("application_request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholar_applications" ADD CONSTRAINT "scholar_applications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholar_applications" ADD CONSTRAINT "scholar_applications_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholar_status_history" ADD CONSTRAINT "scholar_status_history_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholar_status_history" ADD CONSTRAINT "scholar_status_history_application_id_scholar_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."scholar_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholar_status_history" ADD CONSTRAINT "scholar_status_history_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scholar_applications_scholar_idx" ON "scholar_applications" USING btree ("scholar_id");--> statement-breakpoint
CREATE INDEX "scholar_applications_dashboard_idx" ON "scholar_applications" USING btree ("institution_id","phase","updated_at");--> statement-breakpoint
CREATE INDEX "scholar_applications_department_idx" ON "scholar_applications" USING btree ("institution_id","department_id");--> statement-breakpoint
CREATE INDEX "scholar_applications_end_idx" ON "scholar_applications" USING btree ("institution_id","processed_end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "scholar_applications_sponsorship_uq" ON "scholar_applications" USING btree ("sponsorship_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scholar_applications_application_uq" ON "scholar_applications" USING btree ("application_request_id");--> statement-breakpoint
CREATE INDEX "scholar_status_history_app_idx" ON "scholar_status_history" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "scholars_user_uq" ON "scholars" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "scholars_department_idx" ON "scholars" USING btree ("institution_id","department_id");--> statement-breakpoint
CREATE INDEX "scholars_name_idx" ON "scholars" USING btree ("institution_id","last_name","first_name");