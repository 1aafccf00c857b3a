CREATE TABLE "coach_appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" integer NOT NULL,
	"coach_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"attended" boolean,
	"no_show" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"external_id" text,
	"event_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rescheduled_from" uuid,
	"cancelled_by" text,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coach_appointments_external_id_unique" UNIQUE("external_id")
);
--> statement-breakpoint
CREATE TABLE "coach_assignments" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"coach_id" text NOT NULL,
	"relationship" text NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coaches" (
	"id" text PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"images" jsonb NOT NULL,
	"description" text NOT NULL,
	"availability" jsonb NOT NULL,
	"specialism" text[] NOT NULL,
	"qualifications" text[] NOT NULL,
	"about" text NOT NULL,
	"approach" text NOT NULL,
	"how_we_will_work" text NOT NULL,
	"testimonials" jsonb NOT NULL,
	"calendly_link" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "coaches_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "coach_appointments" ADD CONSTRAINT "coach_appointments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_appointments" ADD CONSTRAINT "coach_appointments_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_assignments" ADD CONSTRAINT "coach_assignments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_assignments" ADD CONSTRAINT "coach_assignments_coach_id_coaches_id_fk" FOREIGN KEY ("coach_id") REFERENCES "public"."coaches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coach_appointments_one_per_slot" ON "coach_appointments" USING btree ("coach_id","starts_at") WHERE "coach_appointments"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "coach_appointments_customer" ON "coach_appointments" USING btree ("customer_id","starts_at");