CREATE TABLE "information_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"question_event_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"text" text,
	"upload_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "information_answers_question_event_id_unique" UNIQUE("question_event_id")
);
--> statement-breakpoint
ALTER TABLE "information_answers" ADD CONSTRAINT "information_answers_question_event_id_order_events_id_fk" FOREIGN KEY ("question_event_id") REFERENCES "public"."order_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "information_answers" ADD CONSTRAINT "information_answers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "information_answers" ADD CONSTRAINT "information_answers_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "information_answers_order" ON "information_answers" USING btree ("order_id");