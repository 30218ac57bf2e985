ALTER TABLE "pairs" ADD COLUMN "price_band" numeric(36, 18) DEFAULT '0.05' NOT NULL;--> statement-breakpoint
ALTER TABLE "pairs" ADD COLUMN "mm_levels" integer;--> statement-breakpoint
ALTER TABLE "pairs" ADD COLUMN "mm_depth" numeric(36, 18);--> statement-breakpoint
ALTER TABLE "pairs" ADD COLUMN "mm_spread_bps" integer;