DROP TABLE "staff_access_log" CASCADE;--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "role";