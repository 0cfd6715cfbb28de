-- Student request assignment rules (docs/product/requests.md#assignment-rules): the first active rule, by
-- ordinal, whose request type, campus site, visa type and family-name range a newly submitted student
-- request meets assigns it to its assignee. A null condition matches anything.
CREATE TABLE "request_assignment_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"institution_id" uuid NOT NULL,
	"ordinal" integer NOT NULL,
	"request_type_code" text,
	"campus_site_id" integer,
	"visa_type" text,
	"name_from" text,
	"name_to" text,
	"assignee_user_id" uuid NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "request_assignment_rules" ADD CONSTRAINT "request_assignment_rules_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_assignment_rules" ADD CONSTRAINT "request_assignment_rules_campus_site_id_campus_sites_id_fk" FOREIGN KEY ("campus_site_id") REFERENCES "public"."campus_sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_assignment_rules" ADD CONSTRAINT "request_assignment_rules_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_assignment_rules_order_idx" ON "request_assignment_rules" USING btree ("institution_id","ordinal");--> statement-breakpoint
ALTER TABLE "request_assignment_rules" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "request_assignment_rules" USING (institution_id = meridian_tenant()) WITH CHECK (institution_id = meridian_tenant());--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "request_assignment_rules" TO meridian_app;
