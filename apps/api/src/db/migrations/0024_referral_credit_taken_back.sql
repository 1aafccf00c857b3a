-- A refund now takes referral credit back through 'clawback' entries of the ledger (issue 38 item 10); a friend's
-- order refunded in full before this left its whole credit out of the balance, which a full claw-back now records.
INSERT INTO "referral_ledger" ("customer_id", "entry", "amount", "order_id")
SELECT l."customer_id", 'clawback', l."amount", l."order_id"
FROM "referral_ledger" l JOIN "orders" o ON o."id" = l."order_id"
WHERE l."entry" = 'credit' AND o."state" = 'refunded'
ON CONFLICT ("entry", "order_id") DO NOTHING;
