ALTER TABLE "option_orders" DROP CONSTRAINT "option_orders_status";--> statement-breakpoint
ALTER TABLE "option_orders" ALTER COLUMN "open_price" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "option_orders" ALTER COLUMN "open_price_time" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "option_orders" ADD COLUMN "open_second" bigint;--> statement-breakpoint
ALTER TABLE "option_orders" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "option_orders" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "option_orders" ADD CONSTRAINT "option_orders_status" CHECK ("option_orders"."status" IN ('open', 'settled', 'void'));