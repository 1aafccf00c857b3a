CREATE TABLE "patient_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"method" text NOT NULL,
	"weight_kg" double precision NOT NULL,
	"height_cm" double precision NOT NULL,
	"bmi" double precision,
	"identity_checked" boolean NOT NULL,
	"evidence" text DEFAULT '' NOT NULL,
	"order_id" integer,
	"video_consultation_id" uuid,
	"verified_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_consultations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"order_id" integer,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"source" text NOT NULL,
	"rescheduled_from" uuid,
	"cancelled_by" text,
	"cancelled_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "video_availability" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "patient_verifications" ADD CONSTRAINT "patient_verifications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_verifications" ADD CONSTRAINT "patient_verifications_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_verifications" ADD CONSTRAINT "patient_verifications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_consultations" ADD CONSTRAINT "video_consultations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_consultations" ADD CONSTRAINT "video_consultations_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_consultations" ADD CONSTRAINT "video_consultations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patient_verifications_customer" ON "patient_verifications" USING btree ("customer_id","verified_at");--> statement-breakpoint
CREATE UNIQUE INDEX "patient_verifications_one_per_call" ON "patient_verifications" USING btree ("video_consultation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "video_consultations_one_per_slot" ON "video_consultations" USING btree ("staff_id","starts_at") WHERE "video_consultations"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "video_consultations_customer" ON "video_consultations" USING btree ("customer_id","starts_at");--> statement-breakpoint
CREATE INDEX "video_consultations_staff" ON "video_consultations" USING btree ("staff_id","starts_at");