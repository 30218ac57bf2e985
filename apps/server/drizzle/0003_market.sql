CREATE TABLE "candles" (
	"pair_id" integer NOT NULL,
	"period" text NOT NULL,
	"open_time" bigint NOT NULL,
	"open" numeric(36, 18) NOT NULL,
	"high" numeric(36, 18) NOT NULL,
	"low" numeric(36, 18) NOT NULL,
	"close" numeric(36, 18) NOT NULL,
	"volume" numeric(36, 18) NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	CONSTRAINT "candles_pk" PRIMARY KEY("pair_id","period","open_time")
);
--> statement-breakpoint
CREATE TABLE "favorites" (
	"user_id" integer NOT NULL,
	"pair_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_pk" PRIMARY KEY("user_id","pair_id")
);
--> statement-breakpoint
CREATE TABLE "pairs" (
	"id" serial PRIMARY KEY NOT NULL,
	"currency_id" integer NOT NULL,
	"legal_id" integer NOT NULL,
	"symbol" text NOT NULL,
	"price_decimals" smallint NOT NULL,
	"tick_size" numeric(36, 18) NOT NULL,
	"lot_size" numeric(36, 18) NOT NULL,
	"min_amount" numeric(36, 18) NOT NULL,
	"maker_fee_rate" numeric(36, 18) NOT NULL,
	"taker_fee_rate" numeric(36, 18) NOT NULL,
	"open_coin_trade" boolean DEFAULT true NOT NULL,
	"open_lever" boolean DEFAULT false NOT NULL,
	"open_microtrade" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pairs_rules_positive" CHECK ("pairs"."tick_size" > 0 AND "pairs"."lot_size" > 0 AND "pairs"."min_amount" >= 0),
	CONSTRAINT "pairs_fees_range" CHECK ("pairs"."maker_fee_rate" >= 0 AND "pairs"."maker_fee_rate" < 1 AND "pairs"."taker_fee_rate" >= 0 AND "pairs"."taker_fee_rate" < 1)
);
--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_pair_id_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairs" ADD CONSTRAINT "pairs_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairs" ADD CONSTRAINT "pairs_legal_id_currencies_id_fk" FOREIGN KEY ("legal_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pairs_symbol" ON "pairs" USING btree ("symbol");--> statement-breakpoint
CREATE UNIQUE INDEX "pairs_currency_legal" ON "pairs" USING btree ("currency_id","legal_id");