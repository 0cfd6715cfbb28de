-- The office's Logs (docs/product/logs.md): one institution's events newest first, paged and read in batches by
-- (at, id); the filters apply while walking this order.
CREATE INDEX "audit_events_logs_idx" ON "audit_events" USING btree ("institution_id", "at" DESC, "id" DESC);
