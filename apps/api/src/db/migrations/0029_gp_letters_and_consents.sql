CREATE TABLE "gp_letters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"product_code" text NOT NULL,
	"facts" jsonb NOT NULL,
	"practice_email" text,
	"state" text DEFAULT 'writing' NOT NULL,
	"file_key" text,
	"posted_at" timestamp with time zone,
	"posted_by_staff_id" integer,
	"answer" text,
	"concern" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gp_details" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "gp_details" ADD COLUMN "consents" jsonb;--> statement-breakpoint
ALTER TABLE "gp_letters" ADD CONSTRAINT "gp_letters_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gp_letters" ADD CONSTRAINT "gp_letters_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gp_letters" ADD CONSTRAINT "gp_letters_posted_by_staff_id_staff_id_fk" FOREIGN KEY ("posted_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gp_letters_order_product" ON "gp_letters" USING btree ("order_id","product_code");--> statement-breakpoint
CREATE INDEX "gp_letters_state" ON "gp_letters" USING btree ("state");