CREATE TABLE "urgent_clinical_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" uuid NOT NULL,
	"staff_id" integer NOT NULL,
	"action" text NOT NULL,
	"note" text NOT NULL,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "urgent_clinical_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" integer NOT NULL,
	"consultation_ids" jsonb NOT NULL,
	"rules" jsonb NOT NULL,
	"answers" jsonb NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"owner_staff_id" integer,
	"owned_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"closed_by_staff_id" integer,
	"close_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "urgent_clinical_actions" ADD CONSTRAINT "urgent_clinical_actions_item_id_urgent_clinical_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."urgent_clinical_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "urgent_clinical_actions" ADD CONSTRAINT "urgent_clinical_actions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "urgent_clinical_items" ADD CONSTRAINT "urgent_clinical_items_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "urgent_clinical_items" ADD CONSTRAINT "urgent_clinical_items_owner_staff_id_staff_id_fk" FOREIGN KEY ("owner_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "urgent_clinical_items" ADD CONSTRAINT "urgent_clinical_items_closed_by_staff_id_staff_id_fk" FOREIGN KEY ("closed_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "urgent_clinical_actions_item" ON "urgent_clinical_actions" USING btree ("item_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "urgent_clinical_items_one_open" ON "urgent_clinical_items" USING btree ("customer_id") WHERE "urgent_clinical_items"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "urgent_clinical_items_open_due" ON "urgent_clinical_items" USING btree ("due_at") WHERE "urgent_clinical_items"."closed_at" is null;