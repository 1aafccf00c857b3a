CREATE TABLE "plan_price_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"variant_code" text NOT NULL,
	"dosage" text NOT NULL,
	"old_unit_price" integer NOT NULL,
	"new_unit_price" integer NOT NULL,
	"applies_from_delivery" date NOT NULL,
	"notified_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weight_milestones" (
	"customer_id" integer NOT NULL,
	"code" text NOT NULL,
	"reached_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone,
	CONSTRAINT "weight_milestones_customer_id_code_pk" PRIMARY KEY("customer_id","code")
);
--> statement-breakpoint
CREATE TABLE "after_stopping_support" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"subscription_id" uuid,
	"offered_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "injection_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" integer NOT NULL,
	"subscription_id" uuid NOT NULL,
	"status" text NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"site" text,
	"product_code" text NOT NULL,
	"product_name" text NOT NULL,
	"variant_code" text NOT NULL,
	"dosage" text NOT NULL,
	"client_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "side_effect_diary_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" integer NOT NULL,
	"symptom" text NOT NULL,
	"severity" text NOT NULL,
	"occurred_on" date NOT NULL,
	"red_flags" text[] NOT NULL,
	"note" text,
	"outcome" text NOT NULL,
	"rules" jsonb NOT NULL,
	"review_asked" boolean DEFAULT false NOT NULL,
	"client_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reminder_settings" DROP CONSTRAINT "reminder_settings_pkey";--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD COLUMN "kind" text DEFAULT 'weight' NOT NULL;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_customer_id_kind_pk" PRIMARY KEY("customer_id","kind");--> statement-breakpoint
ALTER TABLE "plan_price_notices" ADD CONSTRAINT "plan_price_notices_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weight_milestones" ADD CONSTRAINT "weight_milestones_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_stopping_support" ADD CONSTRAINT "after_stopping_support_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_stopping_support" ADD CONSTRAINT "after_stopping_support_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "injection_logs" ADD CONSTRAINT "injection_logs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "injection_logs" ADD CONSTRAINT "injection_logs_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "side_effect_diary_entries" ADD CONSTRAINT "side_effect_diary_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "plan_price_notices_once" ON "plan_price_notices" USING btree ("subscription_id","variant_code","new_unit_price");--> statement-breakpoint
CREATE INDEX "plan_price_notices_plan" ON "plan_price_notices" USING btree ("subscription_id","applies_from_delivery");--> statement-breakpoint
CREATE INDEX "injection_logs_customer_taken" ON "injection_logs" USING btree ("customer_id","taken_at");--> statement-breakpoint
CREATE UNIQUE INDEX "injection_logs_customer_client_key" ON "injection_logs" USING btree ("customer_id","client_key");--> statement-breakpoint
CREATE INDEX "side_effect_diary_customer_day" ON "side_effect_diary_entries" USING btree ("customer_id","occurred_on");--> statement-breakpoint
CREATE UNIQUE INDEX "side_effect_diary_customer_client_key" ON "side_effect_diary_entries" USING btree ("customer_id","client_key");