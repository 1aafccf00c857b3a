ALTER TABLE "weight_logs" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "weight_logs_customer_client_key" ON "weight_logs" USING btree ("customer_id","client_key");