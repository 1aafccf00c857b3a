-- Staff used to be customers with a role. They become staff accounts, disabled until an admin sets them up again
-- (a registration number and TOTP enrolment are needed now), and their photo reads move to the audit log.
INSERT INTO "staff" ("email", "name", "role", "password_hash", "disabled")
SELECT c."email", trim(c."first_name" || ' ' || c."last_name"),
       CASE c."role" WHEN 'clinician' THEN 'prescriber' WHEN 'pharmacist' THEN 'pharmacist' ELSE 'support' END,
       coalesce(c."password_hash", ''), true
FROM "customers" c
WHERE c."role" <> 'patient' OR c."id" IN (SELECT "staff_id" FROM "staff_access_log")
ON CONFLICT ("email") DO NOTHING;
--> statement-breakpoint
INSERT INTO "staff_audit_log" ("staff_id", "action", "patient_id", "resource", "resource_id", "details", "at")
SELECT s."id", 'read-photo', l."patient_id", l."resource", l."resource_id", '{"migratedFrom":"staff_access_log"}'::jsonb, l."created_at"
FROM "staff_access_log" l
JOIN "customers" c ON c."id" = l."staff_id"
JOIN "staff" s ON s."email" = c."email"
ORDER BY l."id";
--> statement-breakpoint
-- Append-only, whoever connects (a superuser too): triggers hold on PGlite and PostgreSQL alike.
CREATE OR REPLACE FUNCTION "refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER "staff_audit_log_append_only" BEFORE UPDATE OR DELETE ON "staff_audit_log" FOR EACH ROW EXECUTE FUNCTION "refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "staff_audit_log_no_truncate" BEFORE TRUNCATE ON "staff_audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "refuse_change"();
--> statement-breakpoint
-- What a prescriber reviewed never changes; it goes only with its order.
CREATE TRIGGER "order_consultations_fixed" BEFORE UPDATE ON "order_consultations" FOR EACH ROW EXECUTE FUNCTION "refuse_change"();
--> statement-breakpoint
-- And the role the app connects as loses the right too (a no-op for a superuser, which the triggers still stop).
REVOKE UPDATE, DELETE, TRUNCATE ON "staff_audit_log" FROM PUBLIC;
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('REVOKE UPDATE, DELETE, TRUNCATE ON "staff_audit_log" FROM %I', current_user);
END
$$;
