ALTER TABLE "consultations" DROP CONSTRAINT "consultations_session_questionnaire";--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "consultations_session_questionnaire" ON "consultations" USING btree ("session_hash","questionnaire_id") WHERE "consultations"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "orders_payment_pending" ON "orders" USING btree ("created_at") WHERE "orders"."state" = 'payment_pending';--> statement-breakpoint
CREATE INDEX "payments_superseded" ON "payments" USING btree ("updated_at") WHERE "payments"."state" = 'superseded';