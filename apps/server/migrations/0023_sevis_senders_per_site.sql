-- SEVIS Permissions per campus site (docs/product/sevis-settings.md#sevis-permissions): a DSO / ARO entry
-- now names the campus site whose batches its holder sends. An entry of before was good for every site
-- its holder prepares batches at (super user; officer of the site; assistant with the sevisBatch flag
-- for it), so it becomes one entry per such site; an entry whose holder reaches no site sent nothing.
ALTER TABLE "sevis_senders" ADD COLUMN "campus_site_id" integer;--> statement-breakpoint
ALTER TABLE "sevis_senders" DROP CONSTRAINT "sevis_senders_user_id_kind_pk";--> statement-breakpoint
INSERT INTO "sevis_senders" ("institution_id", "campus_site_id", "user_id", "kind", "sevis_user_id", "updated_by", "updated_at")
SELECT s."institution_id", c."id", s."user_id", s."kind", s."sevis_user_id", s."updated_by", s."updated_at"
FROM "sevis_senders" s
JOIN "users" u ON u."id" = s."user_id"
JOIN "campus_sites" c ON c."institution_id" = s."institution_id"
CROSS JOIN LATERAL (SELECT coalesce(u."staff_permissions", '{}'::jsonb) AS p) x
WHERE s."campus_site_id" IS NULL
  AND u."role" = 'isssAdmin'
  AND (
    (x.p->>'isSuper')::boolean IS TRUE
    OR ((x.p->>'isOfficer')::boolean IS TRUE
        AND (jsonb_array_length(coalesce(x.p->'officerSites', '[]'::jsonb)) = 0
             OR coalesce(x.p->'officerSites', '[]'::jsonb) @> '[0]'::jsonb
             OR coalesce(x.p->'officerSites', '[]'::jsonb) @> jsonb_build_array(c."id")))
    OR ((x.p->>'isAssistant')::boolean IS TRUE
        AND (coalesce(x.p->'assistantSites', '[]'::jsonb) @> '[0]'::jsonb
             OR coalesce(x.p->'assistantSites', '[]'::jsonb) @> jsonb_build_array(c."id"))
        AND (coalesce(x.p->'assistantSettings'->(c."id"::text), x.p->'assistantSettings'->'0')->>'sevisBatch')::boolean IS TRUE)
  );--> statement-breakpoint
DELETE FROM "sevis_senders" WHERE "campus_site_id" IS NULL;--> statement-breakpoint
ALTER TABLE "sevis_senders" ALTER COLUMN "campus_site_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sevis_senders" ADD CONSTRAINT "sevis_senders_campus_site_id_user_id_kind_pk" PRIMARY KEY("campus_site_id","user_id","kind");--> statement-breakpoint
ALTER TABLE "sevis_senders" ADD CONSTRAINT "sevis_senders_campus_site_id_campus_sites_id_fk" FOREIGN KEY ("campus_site_id") REFERENCES "public"."campus_sites"("id") ON DELETE no action ON UPDATE no action;
