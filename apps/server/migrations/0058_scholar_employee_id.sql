-- A scholar's id in the campus HR system (employee id), which HR's appointment feed names each person by and which
-- the office links portal accounts to (docs/product/scholar-hr-updates.md, docs/product/integrated-user-tool.md).
-- Unique per institution when given; empty means "not linked yet".
ALTER TABLE "scholars" ADD COLUMN "employee_id" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "scholars_employee_id_uq" ON "scholars" ("institution_id", "employee_id") WHERE "employee_id" IS NOT NULL;
