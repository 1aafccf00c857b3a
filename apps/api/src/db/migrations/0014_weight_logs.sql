CREATE TABLE "customer_preferences" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"weight_unit" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weight_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" integer NOT NULL,
	"measured_at" timestamp with time zone NOT NULL,
	"weight_kg" double precision,
	"weight_unit" text,
	"goal_kg" double precision,
	"goal_unit" text,
	"height_cm" double precision,
	"height_unit" text,
	"bmi" double precision,
	"source" text NOT NULL,
	"consultation_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weight_logs_consultation_id_unique" UNIQUE("consultation_id"),
	CONSTRAINT "weight_logs_has_weight" CHECK ("weight_logs"."weight_kg" is not null or "weight_logs"."goal_kg" is not null)
);
--> statement-breakpoint
ALTER TABLE "customer_preferences" ADD CONSTRAINT "customer_preferences_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weight_logs" ADD CONSTRAINT "weight_logs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "weight_logs_customer_measured" ON "weight_logs" USING btree ("customer_id","measured_at");