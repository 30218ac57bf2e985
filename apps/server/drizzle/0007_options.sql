CREATE TABLE "index_samples" (
	"pair_id" integer NOT NULL,
	"second" bigint NOT NULL,
	"price" numeric(36, 18) NOT NULL,
	"price_time" bigint NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "index_samples_pk" PRIMARY KEY("pair_id","second")
);
--> statement-breakpoint
CREATE TABLE "option_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"pair_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"direction" smallint NOT NULL,
	"seconds" integer NOT NULL,
	"profit_ratio" numeric(36, 18) NOT NULL,
	"loss_ratio" numeric(36, 18) NOT NULL,
	"stake" numeric(36, 18) NOT NULL,
	"open_price" numeric(36, 18) NOT NULL,
	"open_price_time" bigint NOT NULL,
	"opened_at" bigint NOT NULL,
	"delivery_second" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"result" smallint,
	"payout" numeric(36, 18),
	"end_price" numeric(36, 18),
	"end_price_time" bigint,
	"end_second" bigint,
	"settled_at" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "option_orders_direction" CHECK ("option_orders"."direction" IN (1, 2)),
	CONSTRAINT "option_orders_status" CHECK ("option_orders"."status" IN ('open', 'settled')),
	CONSTRAINT "option_orders_stake" CHECK ("option_orders"."stake" > 0)
);
--> statement-breakpoint
CREATE TABLE "option_seconds" (
	"id" serial PRIMARY KEY NOT NULL,
	"seconds" integer NOT NULL,
	"profit_ratio" numeric(36, 18) NOT NULL,
	"loss_ratio" numeric(36, 18) NOT NULL,
	"min_stake" numeric(36, 18) NOT NULL,
	"max_stake" numeric(36, 18) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "option_seconds_positive" CHECK ("option_seconds"."seconds" > 0 AND "option_seconds"."seconds" <= 86400),
	CONSTRAINT "option_seconds_ratios" CHECK ("option_seconds"."profit_ratio" >= 0 AND "option_seconds"."loss_ratio" >= 0 AND "option_seconds"."loss_ratio" <= 100),
	CONSTRAINT "option_seconds_limits" CHECK ("option_seconds"."min_stake" > 0 AND "option_seconds"."max_stake" >= "option_seconds"."min_stake")
);
--> statement-breakpoint
ALTER TABLE "option_orders" ADD CONSTRAINT "option_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_orders" ADD CONSTRAINT "option_orders_pair_id_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "option_orders" ADD CONSTRAINT "option_orders_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "option_orders_user" ON "option_orders" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE INDEX "option_orders_open" ON "option_orders" USING btree ("delivery_second") WHERE "option_orders"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "option_seconds_seconds" ON "option_seconds" USING btree ("seconds");