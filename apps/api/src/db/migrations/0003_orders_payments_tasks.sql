CREATE TABLE "staff_access_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"resource" text NOT NULL,
	"resource_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experiment_assignments" (
	"customer_id" integer NOT NULL,
	"experiment" text NOT NULL,
	"bucket" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "experiment_assignments_customer_id_experiment_pk" PRIMARY KEY("customer_id","experiment")
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_code" text NOT NULL,
	"product_slug" text NOT NULL,
	"product_name" text NOT NULL,
	"variant_code" text NOT NULL,
	"variant_name" text NOT NULL,
	"dosage" text NOT NULL,
	"is_prescription_only" boolean NOT NULL,
	"frequency" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" integer NOT NULL,
	"total" integer NOT NULL,
	"image" jsonb
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"customer_id" integer NOT NULL,
	"cart_id" integer,
	"channel" text NOT NULL,
	"consultation_slug" text,
	"state" text NOT NULL,
	"review_stage" text,
	"rejection_reason" text,
	"payment_state" text NOT NULL,
	"payment_mode" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"subtotal" integer NOT NULL,
	"discount" integer NOT NULL,
	"shipping" integer NOT NULL,
	"credit" integer NOT NULL,
	"total" integer NOT NULL,
	"discounts" jsonb NOT NULL,
	"shipping_address" jsonb NOT NULL,
	"billing_address" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_number_unique" UNIQUE("number"),
	CONSTRAINT "orders_customer_idempotency_key" UNIQUE("customer_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "payment_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"provider" text NOT NULL,
	"gateway_source_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"expiry_month" integer,
	"expiry_year" integer,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"gateway" text NOT NULL,
	"gateway_payment_id" text,
	"method" text NOT NULL,
	"amount" integer NOT NULL,
	"state" text NOT NULL,
	"decline_reason" text,
	"challenge_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_task_definitions" (
	"product_id" integer NOT NULL,
	"task_code" text NOT NULL,
	CONSTRAINT "product_task_definitions_product_id_task_code_pk" PRIMARY KEY("product_id","task_code")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"frequency" integer NOT NULL,
	"plan_months" integer DEFAULT 0 NOT NULL,
	"state" text NOT NULL,
	"price" integer NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"next_delivery_date" date NOT NULL,
	"payment_token_id" integer,
	"is_shipping_required" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_definitions" (
	"code" text PRIMARY KEY NOT NULL,
	"task_type" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"image" text,
	"is_critical" boolean DEFAULT false NOT NULL,
	"is_reminder" boolean DEFAULT false NOT NULL,
	"safety_check" boolean DEFAULT false NOT NULL,
	"badge" text,
	"configuration" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer,
	"code" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_with" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_order_code" UNIQUE("order_id","code")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "quick_ship" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "shipping_address" jsonb;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "billing_address" jsonb;--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "role" text DEFAULT 'patient' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "first_app_open_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_access_log" ADD CONSTRAINT "staff_access_log_staff_id_customers_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_access_log" ADD CONSTRAINT "staff_access_log_patient_id_customers_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiment_assignments" ADD CONSTRAINT "experiment_assignments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_tokens" ADD CONSTRAINT "payment_tokens_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_task_definitions" ADD CONSTRAINT "product_task_definitions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_task_definitions" ADD CONSTRAINT "product_task_definitions_task_code_task_definitions_code_fk" FOREIGN KEY ("task_code") REFERENCES "public"."task_definitions"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_payment_token_id_payment_tokens_id_fk" FOREIGN KEY ("payment_token_id") REFERENCES "public"."payment_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_code_task_definitions_code_fk" FOREIGN KEY ("code") REFERENCES "public"."task_definitions"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_access_log_patient" ON "staff_access_log" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "order_items_order" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_customer_created" ON "orders" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_live_cart" ON "orders" USING btree ("cart_id") WHERE "orders"."state" <> 'payment_failed';--> statement-breakpoint
CREATE INDEX "payment_tokens_customer" ON "payment_tokens" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "payments_order" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_id" ON "payments" USING btree ("gateway_payment_id");--> statement-breakpoint
CREATE INDEX "subscriptions_customer" ON "subscriptions" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "tasks_customer_state" ON "tasks" USING btree ("customer_id","state");