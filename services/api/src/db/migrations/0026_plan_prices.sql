ALTER TABLE "plans" ADD COLUMN "monthly_price" integer;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "currency" text DEFAULT 'EUR' NOT NULL;--> statement-breakpoint
-- The demo's plans already stored get the prices the seed now gives them; other plans stay on request.
UPDATE "plans" SET "monthly_price" = 4900 WHERE "name" = 'Starter';--> statement-breakpoint
UPDATE "plans" SET "monthly_price" = 19900 WHERE "name" = 'Business';
