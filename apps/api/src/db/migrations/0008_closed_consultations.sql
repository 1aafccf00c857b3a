ALTER TABLE "consultations" DROP CONSTRAINT "consultations_session_questionnaire";--> statement-breakpoint
ALTER TABLE "consultations" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "consultations_session_questionnaire" ON "consultations" USING btree ("session_hash","questionnaire_id") WHERE "consultations"."closed_at" is null;