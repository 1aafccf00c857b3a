-- Ozempic is licensed for type 2 diabetes, not weight management (issue 15): shops seeded before this stop selling it
-- on every channel. The row stays for the orders and stock sign-ups that name it.
UPDATE "products" SET "channels" = '{}' WHERE "code" = 'OZEMPIC';
