ALTER TABLE "sevis_settings" ALTER COLUMN "starting_batch_number" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "sevis_settings" ALTER COLUMN "starting_batch_number" SET DEFAULT 1;