CREATE TABLE "subscription_renewals" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" uuid NOT NULL,
	"order_id" integer NOT NULL,
	"delivery_date" date NOT NULL,
	"charge_date" date NOT NULL,
	"first_declined_on" date,
	"dose_increase" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_renewals_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "subscription_renewals_period" UNIQUE("subscription_id","delivery_date")
);
--> statement-breakpoint
CREATE TABLE "channel_opt_outs" (
	"customer_id" integer NOT NULL,
	"channel" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_opt_outs_customer_id_channel_pk" PRIMARY KEY("customer_id","channel")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"template" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"data" jsonb NOT NULL,
	"dedupe_key" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"send_after" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"provider_id" text,
	"provider_status" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "notifications_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "reminder_settings" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"is_enabled" boolean NOT NULL,
	"channel" text NOT NULL,
	"type" text NOT NULL,
	"days" text[] NOT NULL,
	"hours" smallint NOT NULL,
	"minutes" smallint NOT NULL,
	"frequency" smallint NOT NULL,
	"anchor_date" date NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "payment_tokens" ADD COLUMN "initial_payment_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "attempt" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "check_in_for_delivery" date;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "check_in_consultation_id" uuid;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "paused_from_delivery" date;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "scheduled_change" jsonb;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "requested_variant_code" text;--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD CONSTRAINT "subscription_renewals_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD CONSTRAINT "subscription_renewals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_opt_outs" ADD CONSTRAINT "channel_opt_outs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_status_send_after" ON "notifications" USING btree ("status","send_after");--> statement-breakpoint
CREATE INDEX "notifications_customer" ON "notifications" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_provider_id" ON "notifications" USING btree ("provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_renewal_attempt" ON "payments" USING btree ("order_id","attempt") WHERE "payments"."attempt" is not null;--> statement-breakpoint
CREATE INDEX "subscriptions_state_next_delivery" ON "subscriptions" USING btree ("state","next_delivery_date");