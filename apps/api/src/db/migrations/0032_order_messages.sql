CREATE TABLE "order_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"staff_id" integer,
	"kind" text DEFAULT 'message' NOT NULL,
	"body" text NOT NULL,
	"photo_requested" boolean DEFAULT false NOT NULL,
	"upload_id" uuid,
	"question_event_id" integer,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_messages_order_key" UNIQUE("order_id","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_question_event_id_order_events_id_fk" FOREIGN KEY ("question_event_id") REFERENCES "public"."order_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_messages_order" ON "order_messages" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_messages_customer" ON "order_messages" USING btree ("customer_id");--> statement-breakpoint
-- The questions prescribers asked before the thread existed, and the patients' answers, become its first messages.
INSERT INTO "order_messages" ("order_id", "customer_id", "staff_id", "kind", "body", "photo_requested", "question_event_id", "idempotency_key", "created_at")
SELECT e."order_id", o."customer_id", (SELECT s."id" FROM "staff" s WHERE s."id"::text = e."actor_id"), 'question',
  coalesce(e."data"->>'question', e."reason", ''), coalesce((e."data"->>'photoRequested')::boolean, false), e."id", 'question:' || e."id", e."created_at"
FROM "order_events" e JOIN "orders" o ON o."id" = e."order_id"
WHERE e."machine" = 'order' AND e."event" = 'information_requested'
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "order_messages" ("order_id", "customer_id", "kind", "body", "upload_id", "idempotency_key", "created_at")
SELECT a."order_id", o."customer_id", 'answer', coalesce(a."text", ''), a."upload_id", 'answer:' || a."id", a."created_at"
FROM "information_answers" a JOIN "orders" o ON o."id" = a."order_id"
ON CONFLICT DO NOTHING;
