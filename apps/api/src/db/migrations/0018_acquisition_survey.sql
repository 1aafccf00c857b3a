CREATE TABLE "acquisition_survey_answers" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"selected_items" jsonb NOT NULL,
	"tell_us_more" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "acquisition_survey_answers" ADD CONSTRAINT "acquisition_survey_answers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;