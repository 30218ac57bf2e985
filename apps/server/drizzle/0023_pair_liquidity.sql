ALTER TABLE "spot_orders" DROP CONSTRAINT "spot_orders_status";--> statement-breakpoint
ALTER TABLE "pairs" ADD COLUMN "price_band" numeric(36, 18) DEFAULT '0.05' NOT NULL;--> statement-breakpoint
ALTER TABLE "pairs" ADD COLUMN "mm_levels" integer;--> statement-breakpoint
ALTER TABLE "pairs" ADD COLUMN "mm_depth" numeric(36, 18);--> statement-breakpoint
ALTER TABLE "pairs" ADD COLUMN "mm_spread_bps" integer;--> statement-breakpoint
ALTER TABLE "spot_orders" ADD CONSTRAINT "spot_orders_status" CHECK ("spot_orders"."status" IN ('waiting', 'completed', 'partially_filled', 'cancelled'));--> statement-breakpoint
-- Orders that ended with part of their quantity traded were stored as cancelled: they are partly filled.
UPDATE "spot_orders" SET "status" = 'partially_filled' WHERE "status" = 'cancelled' AND "filled" > 0;
