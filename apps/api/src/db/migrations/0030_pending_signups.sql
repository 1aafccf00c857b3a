CREATE TABLE "pending_signups" (
	"id" serial PRIMARY KEY NOT NULL,
	"browser_token_hash" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"details" jsonb NOT NULL,
	"code_hash" text NOT NULL,
	"code_expires_at" timestamp with time zone NOT NULL,
	"wrong_codes" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pending_signups_browser_token_hash_unique" UNIQUE("browser_token_hash")
);
--> statement-breakpoint
CREATE INDEX "pending_signups_expires_at" ON "pending_signups" USING btree ("expires_at");