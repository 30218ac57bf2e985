CREATE TABLE "spot_markets" (
	"pair_id" integer PRIMARY KEY NOT NULL,
	"last_seq" bigint NOT NULL,
	"last_trade_id" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spot_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"pair_id" integer NOT NULL,
	"side" text NOT NULL,
	"type" text NOT NULL,
	"price" numeric(36, 18),
	"amount" numeric(36, 18),
	"total" numeric(36, 18),
	"filled" numeric(36, 18) DEFAULT '0' NOT NULL,
	"filled_quote" numeric(36, 18) DEFAULT '0' NOT NULL,
	"fee_exact" numeric(36, 18) DEFAULT '0' NOT NULL,
	"fee" numeric(36, 18) DEFAULT '0' NOT NULL,
	"locked" numeric(36, 18) NOT NULL,
	"used" numeric(36, 18) DEFAULT '0' NOT NULL,
	"status" text NOT NULL,
	"cancel_reason" text,
	"seq" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spot_orders_side" CHECK ("spot_orders"."side" IN ('buy', 'sell')),
	CONSTRAINT "spot_orders_status" CHECK ("spot_orders"."status" IN ('waiting', 'completed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "spot_trades" (
	"pair_id" integer NOT NULL,
	"id" bigint NOT NULL,
	"seq" bigint NOT NULL,
	"price" numeric(36, 18) NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"quote_amount" numeric(36, 18) NOT NULL,
	"taker_side" text NOT NULL,
	"maker_order_id" bigint NOT NULL,
	"taker_order_id" bigint NOT NULL,
	"maker_user_id" integer NOT NULL,
	"taker_user_id" integer NOT NULL,
	"maker_fee" numeric(36, 18) NOT NULL,
	"taker_fee" numeric(36, 18) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spot_trades_pk" PRIMARY KEY("pair_id","id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_operator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "spot_markets" ADD CONSTRAINT "spot_markets_pair_id_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_orders" ADD CONSTRAINT "spot_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_orders" ADD CONSTRAINT "spot_orders_pair_id_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spot_trades" ADD CONSTRAINT "spot_trades_pair_id_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "spot_orders_user" ON "spot_orders" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE INDEX "spot_orders_book" ON "spot_orders" USING btree ("pair_id","seq") WHERE "spot_orders"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "spot_trades_maker" ON "spot_trades" USING btree ("maker_order_id");--> statement-breakpoint
CREATE INDEX "spot_trades_taker" ON "spot_trades" USING btree ("taker_order_id");