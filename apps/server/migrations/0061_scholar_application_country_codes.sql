-- Scholar application forms keep countries by their ISO code, chosen from the office's lists
-- (docs/product/lookups.md#how-forms-use-the-lists). Applications saved before held the country in words
-- ("Japan", "czech republic"): each such value that names a country of the office's list (its label or SEVIS's
-- own words, case and spaces ignored) becomes that country's ISO code; any other value is kept as it was, and the
-- form shows it as not on the list until the scholar or the office chooses one. Run again, it changes nothing.
CREATE OR REPLACE FUNCTION meridian_country_iso(inst uuid, list_key text, v text) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT coalesce((
    SELECT lv.attributes->>'iso'
      FROM lookup_values lv JOIN lookup_lists ll ON ll.id = lv.list_id
     WHERE ll.institution_id = inst AND ll.key = list_key AND coalesce(lv.attributes->>'iso', '') <> ''
       AND (upper(btrim(lv.label)) = upper(btrim(v)) OR upper(btrim(coalesce(lv.official_label, ''))) = upper(btrim(v)))
     ORDER BY lv.attributes->>'iso'
     LIMIT 1), v)
$$;
--> statement-breakpoint
UPDATE scholar_applications a
   SET data = jsonb_set(a.data, '{countryOfBirth}', to_jsonb(meridian_country_iso(a.institution_id, 'birth-countries', a.data->>'countryOfBirth')))
 WHERE jsonb_typeof(a.data->'countryOfBirth') = 'string' AND btrim(a.data->>'countryOfBirth') !~ '^([A-Za-z]{2})?$';
--> statement-breakpoint
UPDATE scholar_applications a
   SET data = jsonb_set(a.data, '{countryOfCitizenship}', to_jsonb(meridian_country_iso(a.institution_id, 'citizenship-countries', a.data->>'countryOfCitizenship')))
 WHERE jsonb_typeof(a.data->'countryOfCitizenship') = 'string' AND btrim(a.data->>'countryOfCitizenship') !~ '^([A-Za-z]{2})?$';
--> statement-breakpoint
UPDATE scholar_applications a
   SET data = jsonb_set(a.data, '{foreignAddressCountry}', to_jsonb(meridian_country_iso(a.institution_id, 'citizenship-countries', a.data->>'foreignAddressCountry')))
 WHERE jsonb_typeof(a.data->'foreignAddressCountry') = 'string' AND btrim(a.data->>'foreignAddressCountry') !~ '^([A-Za-z]{2})?$';
--> statement-breakpoint
UPDATE scholar_applications a
   SET data = jsonb_set(a.data, '{dependents}', (
     SELECT jsonb_agg(
              CASE WHEN jsonb_typeof(d->'countryOfBirth') = 'string' AND btrim(d->>'countryOfBirth') !~ '^([A-Za-z]{2})?$'
                   THEN jsonb_set(d, '{countryOfBirth}', to_jsonb(meridian_country_iso(a.institution_id, 'birth-countries', d->>'countryOfBirth')))
                   ELSE d END
              ORDER BY o)
       FROM jsonb_array_elements(a.data->'dependents') WITH ORDINALITY AS e(d, o)))
 WHERE jsonb_typeof(a.data->'dependents') = 'array' AND jsonb_array_length(a.data->'dependents') > 0
   AND EXISTS (SELECT 1 FROM jsonb_array_elements(a.data->'dependents') d
                WHERE jsonb_typeof(d->'countryOfBirth') = 'string' AND btrim(d->>'countryOfBirth') !~ '^([A-Za-z]{2})?$');
--> statement-breakpoint
DROP FUNCTION meridian_country_iso(uuid, text, text);
