CREATE TABLE "contract_positions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"pair_id" integer NOT NULL,
	"side" text NOT NULL,
	"entry" text NOT NULL,
	"status" text NOT NULL,
	"lots" integer NOT NULL,
	"multiple" integer NOT NULL,
	"contract_size" numeric(36, 18) NOT NULL,
	"open_fee_rate" numeric(36, 18) NOT NULL,
	"close_fee_rate" numeric(36, 18) NOT NULL,
	"maintenance_margin_rate" numeric(36, 18) NOT NULL,
	"target_price" numeric(36, 18),
	"open_price" numeric(36, 18),
	"open_price_time" bigint,
	"margin" numeric(36, 18) NOT NULL,
	"open_fee" numeric(36, 18) NOT NULL,
	"stop_profit_price" numeric(36, 18),
	"stop_loss_price" numeric(36, 18),
	"close_price" numeric(36, 18),
	"close_price_time" bigint,
	"close_fee" numeric(36, 18),
	"profit" numeric(36, 18),
	"close_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_positions_side" CHECK ("contract_positions"."side" IN ('long', 'short')),
	CONSTRAINT "contract_positions_entry" CHECK ("contract_positions"."entry" IN ('market', 'limit')),
	CONSTRAINT "contract_positions_status" CHECK ("contract_positions"."status" IN ('entrusted', 'holding', 'closed', 'cancelled')),
	CONSTRAINT "contract_positions_lots" CHECK ("contract_positions"."lots" >= 1 AND "contract_positions"."multiple" >= 1)
);
--> statement-breakpoint
CREATE TABLE "contract_settings" (
	"pair_id" integer PRIMARY KEY NOT NULL,
	"contract_size" numeric(36, 18) NOT NULL,
	"multiples" jsonb NOT NULL,
	"lot_presets" jsonb NOT NULL,
	"open_fee_rate" numeric(36, 18) NOT NULL,
	"close_fee_rate" numeric(36, 18) NOT NULL,
	"maintenance_margin_rate" numeric(36, 18) NOT NULL,
	"max_lots" integer DEFAULT 10000 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_settings_size" CHECK ("contract_settings"."contract_size" > 0),
	CONSTRAINT "contract_settings_rates" CHECK ("contract_settings"."open_fee_rate" >= 0 AND "contract_settings"."open_fee_rate" < 1 AND "contract_settings"."close_fee_rate" >= 0 AND "contract_settings"."close_fee_rate" < 1 AND "contract_settings"."maintenance_margin_rate" >= 0 AND "contract_settings"."maintenance_margin_rate" < 1)
);
--> statement-breakpoint
ALTER TABLE "contract_positions" ADD CONSTRAINT "contract_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_positions" ADD CONSTRAINT "contract_positions_pair_id_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_settings" ADD CONSTRAINT "contract_settings_pair_id_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_positions_user" ON "contract_positions" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE INDEX "contract_positions_open" ON "contract_positions" USING btree ("pair_id") WHERE "contract_positions"."status" IN ('entrusted', 'holding');