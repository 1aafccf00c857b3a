CREATE TABLE "rate_limit_windows" (
	"scope" text NOT NULL,
	"key_hash" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL,
	CONSTRAINT "rate_limit_windows_scope_key_hash_window_start_pk" PRIMARY KEY("scope","key_hash","window_start")
);
--> statement-breakpoint
CREATE INDEX "rate_limit_windows_scope_window_start_idx" ON "rate_limit_windows" USING btree ("scope","window_start");