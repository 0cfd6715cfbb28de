CREATE TABLE "rti_import_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"sevis_id" text DEFAULT '' NOT NULL,
	"profile_id" uuid,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"diffs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"applied_action" text
);
--> statement-breakpoint
CREATE TABLE "rti_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"kind" text DEFAULT 'student' NOT NULL,
	"status" text DEFAULT 'preview' NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"changed_count" integer DEFAULT 0 NOT NULL,
	"new_count" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"inserted_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"applied_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sevis_batch_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"batch_row_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"record_kind" text NOT NULL,
	"sevis_request_id" text NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"result_code" text DEFAULT '' NOT NULL,
	"result_message" text DEFAULT '' NOT NULL,
	"assigned_sevis_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sevis_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"settings_id" uuid NOT NULL,
	"org_id" text NOT NULL,
	"batch_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"record_count" integer DEFAULT 0 NOT NULL,
	"sevis_user_id" text NOT NULL,
	"xml" text NOT NULL,
	"result_code" text DEFAULT '' NOT NULL,
	"result_message" text DEFAULT '' NOT NULL,
	"sent_via" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"sent_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sevis_senders" (
	"institution_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sevis_user_id" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sevis_senders_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "sevis_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"campus_site_id" integer NOT NULL,
	"program_kind" text NOT NULL,
	"org_id" text NOT NULL,
	"official_name" text DEFAULT '' NOT NULL,
	"official_sevis_user_id" text NOT NULL,
	"starting_batch_number" integer DEFAULT 1 NOT NULL,
	"is_auto_batch" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sevis_transaction_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"batch_row_id" uuid,
	"org_id" text DEFAULT '' NOT NULL,
	"batch_id" text DEFAULT '' NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"sha256" text NOT NULL,
	"result_code" text DEFAULT '' NOT NULL,
	"result_message" text DEFAULT '' NOT NULL,
	"succeeded_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"imported_by" uuid,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sevis_pending_events" ADD COLUMN "result_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "rti_import_rows" ADD CONSTRAINT "rti_import_rows_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rti_import_rows" ADD CONSTRAINT "rti_import_rows_import_id_rti_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."rti_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rti_import_rows" ADD CONSTRAINT "rti_import_rows_profile_id_student_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."student_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rti_imports" ADD CONSTRAINT "rti_imports_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rti_imports" ADD CONSTRAINT "rti_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rti_imports" ADD CONSTRAINT "rti_imports_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sevis_batch_records" ADD CONSTRAINT "sevis_batch_records_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sevis_batch_records" ADD CONSTRAINT "sevis_batch_records_batch_row_id_sevis_batches_id_fk" FOREIGN KEY ("batch_row_id") REFERENCES "public"."sevis_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sevis_batch_records" ADD CONSTRAINT "sevis_batch_records_event_id_sevis_pending_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."sevis_pending_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sevis_batch_records" ADD CONSTRAINT "sevis_batch_records_profile_id_student_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."student_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sevis_batches" ADD CONSTRAINT "sevis_batches_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sevis_batches" ADD CONSTRAINT "sevis_batches_settings_id_sevis_settings_id_fk" FOREIGN KEY ("settings_id") REFERENCES "public"."sevis_settings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sevis_batches" ADD CONSTRAINT "sevis_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sevis_batches" ADD CONSTRAINT "sevis_batches_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sevis_senders" ADD CONSTRAINT "sevis_senders_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sevis_senders" ADD CONSTRAINT "sevis_senders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sevis_senders" ADD CONSTRAINT "sevis_senders_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sevis_settings" ADD CONSTRAINT "sevis_settings_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sevis_settings" ADD CONSTRAINT "sevis_settings_campus_site_id_campus_sites_id_fk" FOREIGN KEY ("campus_site_id") REFERENCES "public"."campus_sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sevis_settings" ADD CONSTRAINT "sevis_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sevis_transaction_logs" ADD CONSTRAINT "sevis_transaction_logs_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sevis_transaction_logs" ADD CONSTRAINT "sevis_transaction_logs_batch_row_id_sevis_batches_id_fk" FOREIGN KEY ("batch_row_id") REFERENCES "public"."sevis_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sevis_transaction_logs" ADD CONSTRAINT "sevis_transaction_logs_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rti_import_rows_import_idx" ON "rti_import_rows" USING btree ("import_id","row_number");--> statement-breakpoint
CREATE INDEX "rti_imports_list_idx" ON "rti_imports" USING btree ("institution_id","created_at");--> statement-breakpoint
CREATE INDEX "sevis_batch_records_batch_idx" ON "sevis_batch_records" USING btree ("batch_row_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sevis_batch_records_request_uq" ON "sevis_batch_records" USING btree ("batch_row_id","sevis_request_id");--> statement-breakpoint
CREATE INDEX "sevis_batch_records_profile_idx" ON "sevis_batch_records" USING btree ("profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sevis_batches_org_batch_uq" ON "sevis_batches" USING btree ("institution_id","org_id","batch_id");--> statement-breakpoint
CREATE INDEX "sevis_batches_list_idx" ON "sevis_batches" USING btree ("institution_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sevis_settings_site_uq" ON "sevis_settings" USING btree ("institution_id","campus_site_id","program_kind");--> statement-breakpoint
CREATE UNIQUE INDEX "sevis_transaction_logs_sha_uq" ON "sevis_transaction_logs" USING btree ("institution_id","sha256");