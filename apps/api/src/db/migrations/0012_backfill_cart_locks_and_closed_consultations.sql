-- Orders made before the cart lock and closed consultations existed: carts still waiting for a payment are locked,
-- and every consultation an order was made on is closed (a patient's next answer then starts a new one).
UPDATE "carts" SET "locked_at" = now()
WHERE "locked_at" IS NULL AND "id" IN (SELECT "cart_id" FROM "orders" WHERE "state" = 'payment_pending' AND "cart_id" IS NOT NULL);--> statement-breakpoint
UPDATE "consultations" SET "closed_at" = now()
WHERE "closed_at" IS NULL AND "id" IN (
  SELECT cc."consultation_id" FROM "cart_consultations" cc JOIN "orders" o ON o."cart_id" = cc."cart_id" WHERE o."state" <> 'payment_failed'
);
