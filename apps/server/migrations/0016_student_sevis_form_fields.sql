ALTER TABLE "student_profiles" ADD COLUMN "english_required" boolean;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "english_requirements_met" boolean;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "english_not_required_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "academic_term_months" integer;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "ev_position_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "student_profiles" ADD COLUMN "received_us_govt_funds" boolean;