-- The Integrated User Tool's list of portal accounts (docs/product/integrated-user-tool.md#the-list) pages by keyset in
-- name order (last name, first name, id). The e-mail and user-name orders walk the indexes users already has
-- (users_email_idx, users_user_name_uq); this one, in the name order's exact columns, lets a page of the name order
-- be one range of an index, either way round, however many accounts the office holds.
CREATE INDEX IF NOT EXISTS "users_name_sort_idx" ON "users" USING btree ("institution_id", "last_name", "first_name", "id");
