ALTER TABLE "payments" ADD COLUMN "client_address_key" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_fingerprint" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_sources" ADD COLUMN "fingerprint" text;--> statement-breakpoint
CREATE INDEX "payments_declined_by_address" ON "payments" USING btree ("client_address_key","declined_at") WHERE "payments"."declined_at" is not null;--> statement-breakpoint
CREATE INDEX "payments_declined_by_card" ON "payments" USING btree ("card_fingerprint","declined_at") WHERE "payments"."declined_at" is not null;--> statement-breakpoint
CREATE INDEX "payments_declined" ON "payments" USING btree ("declined_at") WHERE "payments"."declined_at" is not null;--> statement-breakpoint
CREATE INDEX "payments_card_fingerprint" ON "payments" USING btree ("card_fingerprint") WHERE "payments"."card_fingerprint" is not null;