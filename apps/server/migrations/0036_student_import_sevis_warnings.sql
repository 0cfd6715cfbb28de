-- A batch upload keeps, beside the errors that block it, what SEVIS will still need of each row that
-- creates a SEVIS record (the batch build's reasons for holding its Create): shown on the row's cells,
-- they do not stop the import.
ALTER TABLE "student_imports" ADD COLUMN "warnings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "student_imports" ADD COLUMN "warning_count" integer DEFAULT 0 NOT NULL;
