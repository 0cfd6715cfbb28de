CREATE TABLE "student_tipp_phases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"training_field" text NOT NULL,
	"supervisor_last_name" text NOT NULL,
	"supervisor_first_name" text NOT NULL,
	"supervisor_middle_initial" text DEFAULT '' NOT NULL,
	"supervisor_title" text NOT NULL,
	"supervisor_email" text NOT NULL,
	"supervisor_phone" text NOT NULL,
	"supervisor_phone_ext" text DEFAULT '' NOT NULL,
	"supervisor_signature_date" date,
	"ev_role" text NOT NULL,
	"goals_and_objectives" text NOT NULL,
	"supervisor_qualifications" text NOT NULL,
	"cultural_activities" text NOT NULL,
	"skills_learned" text NOT NULL,
	"teaching_method" text NOT NULL,
	"competency_measurement" text NOT NULL,
	"additional_remarks" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sevis_phase_id" text DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_tipp_sites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"name" text NOT NULL,
	"address" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"employer_ein" text NOT NULL,
	"full_time_employees" integer NOT NULL,
	"annual_revenue" text NOT NULL,
	"website_url" text NOT NULL,
	"workers_comp" text NOT NULL,
	"workers_comp_carrier" text DEFAULT '' NOT NULL,
	"workers_comp_for_ev" text NOT NULL,
	"ev_hours_per_week" integer NOT NULL,
	"stipend" text NOT NULL,
	"stipend_amount" text DEFAULT '' NOT NULL,
	"stipend_frequency" text DEFAULT '' NOT NULL,
	"non_monetary_comp" text DEFAULT '' NOT NULL,
	"supervisor_last_name" text NOT NULL,
	"supervisor_first_name" text NOT NULL,
	"supervisor_title" text NOT NULL,
	"supervisor_phone" text NOT NULL,
	"supervisor_phone_ext" text DEFAULT '' NOT NULL,
	"supervisor_email" text NOT NULL,
	"supervisor_fax" text DEFAULT '' NOT NULL,
	"official_user_name" text DEFAULT '' NOT NULL,
	"official_signature_date" date,
	"ev_signature_date" date,
	"is_active" boolean DEFAULT true NOT NULL,
	"sevis_site_id" text DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "student_tipps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"exempt_program" text DEFAULT '' NOT NULL,
	"is_iwt" boolean,
	"email" text DEFAULT '' NOT NULL,
	"field_of_study" text DEFAULT '' NOT NULL,
	"years_of_experience" integer,
	"type_of_degree" text DEFAULT '' NOT NULL,
	"degree_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "student_tipp_phases" ADD CONSTRAINT "student_tipp_phases_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_tipp_phases" ADD CONSTRAINT "student_tipp_phases_profile_id_student_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."student_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_tipp_phases" ADD CONSTRAINT "student_tipp_phases_site_id_student_tipp_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."student_tipp_sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_tipp_sites" ADD CONSTRAINT "student_tipp_sites_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_tipp_sites" ADD CONSTRAINT "student_tipp_sites_profile_id_student_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."student_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_tipps" ADD CONSTRAINT "student_tipps_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_tipps" ADD CONSTRAINT "student_tipps_profile_id_student_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."student_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_tipp_phases_site_idx" ON "student_tipp_phases" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "student_tipp_phases_profile_idx" ON "student_tipp_phases" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "student_tipp_sites_profile_idx" ON "student_tipp_sites" USING btree ("profile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "student_tipps_profile_uq" ON "student_tipps" USING btree ("profile_id");
--> statement-breakpoint
-- Row-level security for the T/IPP tables of the students module (as 0008 does for its other tables; docs/decisions/001).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['student_tipps','student_tipp_sites','student_tipp_phases'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (institution_id = meridian_tenant()) WITH CHECK (institution_id = meridian_tenant())', t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO meridian_app', t);
  END LOOP;
END $$;
