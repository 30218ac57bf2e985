CREATE TABLE "login_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"ip" text,
	"user_agent" text,
	"result" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_totp" (
	"admin_id" integer PRIMARY KEY NOT NULL,
	"secret_enc" text NOT NULL,
	"enabled_at" timestamp with time zone,
	"last_step" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_totp_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"admin_id" integer NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "proof_leaves" (
	"snapshot_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"position" integer NOT NULL,
	"user_id" integer NOT NULL,
	"nonce" text NOT NULL,
	"units" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "proof_leaves_pk" PRIMARY KEY("snapshot_id","currency_id","position")
);
--> statement-breakpoint
CREATE TABLE "proof_roots" (
	"snapshot_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"root" text NOT NULL,
	"total_units" text NOT NULL,
	"leaf_count" integer NOT NULL,
	CONSTRAINT "proof_roots_pk" PRIMARY KEY("snapshot_id","currency_id")
);
--> statement-breakpoint
CREATE TABLE "proof_snapshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" text NOT NULL,
	"user_count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proof_snapshots_day_unique" UNIQUE("day")
);
--> statement-breakpoint
CREATE TABLE "subscription_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"quantity" numeric(36, 18),
	"cost" numeric(36, 18),
	"refund" numeric(36, 18),
	"allocated_at" timestamp with time zone,
	"credited_at" timestamp with time zone,
	"unlock_at" timestamp with time zone,
	"unlocked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_orders_status" CHECK ("subscription_orders"."status" IN ('pending', 'allocated', 'launched')),
	CONSTRAINT "subscription_orders_amount" CHECK ("subscription_orders"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "subscription_projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"decimals" smallint NOT NULL,
	"subscribe_currency_id" integer NOT NULL,
	"issue_price" numeric(36, 18) NOT NULL,
	"total_supply" numeric(36, 18) NOT NULL,
	"min_amount" numeric(36, 18) NOT NULL,
	"max_amount" numeric(36, 18) NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"launch_at" timestamp with time zone NOT NULL,
	"lock_days" integer NOT NULL,
	"introduction" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"closed_at" timestamp with time zone,
	"allocated_at" timestamp with time zone,
	"launched_at" timestamp with time zone,
	"currency_id" integer,
	"pair_id" integer,
	"launch_price" numeric(36, 18),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_projects_status" CHECK ("subscription_projects"."status" IN ('open', 'closed', 'allocated', 'launched')),
	CONSTRAINT "subscription_projects_amounts" CHECK ("subscription_projects"."issue_price" > 0 AND "subscription_projects"."total_supply" > 0 AND "subscription_projects"."min_amount" > 0 AND "subscription_projects"."max_amount" >= "subscription_projects"."min_amount"),
	CONSTRAINT "subscription_projects_times" CHECK ("subscription_projects"."start_at" < "subscription_projects"."end_at" AND "subscription_projects"."lock_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_anti_phishing" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wealth_accruals" (
	"order_id" integer NOT NULL,
	"day" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"credited_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wealth_accruals_pk" PRIMARY KEY("order_id","day")
);
--> statement-breakpoint
CREATE TABLE "wealth_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"price" numeric(36, 18) NOT NULL,
	"days" integer NOT NULL,
	"daily_rate" numeric(36, 18) NOT NULL,
	"penalty_rate" numeric(36, 18) NOT NULL,
	"start_day" integer NOT NULL,
	"days_paid" integer DEFAULT 0 NOT NULL,
	"interest_paid" numeric(36, 18) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'hosting' NOT NULL,
	"damages" numeric(36, 18),
	"refund" numeric(36, 18),
	"paid_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "wealth_orders_status" CHECK ("wealth_orders"."status" IN ('hosting', 'completed', 'redeemed'))
);
--> statement-breakpoint
CREATE TABLE "wealth_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"currency_id" integer NOT NULL,
	"days" integer NOT NULL,
	"min_amount" numeric(36, 18) NOT NULL,
	"max_amount" numeric(36, 18) NOT NULL,
	"daily_rate" numeric(36, 18) NOT NULL,
	"penalty_rate" numeric(36, 18) NOT NULL,
	"total_cap" numeric(36, 18),
	"sold" numeric(36, 18) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wealth_products_status" CHECK ("wealth_products"."status" IN ('active', 'paused')),
	CONSTRAINT "wealth_products_days" CHECK ("wealth_products"."days" > 0),
	CONSTRAINT "wealth_products_sold" CHECK ("wealth_products"."total_cap" IS NULL OR "wealth_products"."sold" <= "wealth_products"."total_cap")
);
--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD COLUMN "scope" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_history" ADD CONSTRAINT "login_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_totp" ADD CONSTRAINT "operator_totp_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_totp_failures" ADD CONSTRAINT "operator_totp_failures_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_leaves" ADD CONSTRAINT "proof_leaves_snapshot_id_proof_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."proof_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_roots" ADD CONSTRAINT "proof_roots_snapshot_id_proof_snapshots_id_fk" FOREIGN KEY ("snapshot_id") REFERENCES "public"."proof_snapshots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_roots" ADD CONSTRAINT "proof_roots_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_orders" ADD CONSTRAINT "subscription_orders_project_id_subscription_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."subscription_projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_orders" ADD CONSTRAINT "subscription_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_projects" ADD CONSTRAINT "subscription_projects_subscribe_currency_id_currencies_id_fk" FOREIGN KEY ("subscribe_currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_projects" ADD CONSTRAINT "subscription_projects_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_projects" ADD CONSTRAINT "subscription_projects_pair_id_pairs_id_fk" FOREIGN KEY ("pair_id") REFERENCES "public"."pairs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_anti_phishing" ADD CONSTRAINT "user_anti_phishing_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wealth_accruals" ADD CONSTRAINT "wealth_accruals_order_id_wealth_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."wealth_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wealth_orders" ADD CONSTRAINT "wealth_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wealth_orders" ADD CONSTRAINT "wealth_orders_product_id_wealth_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."wealth_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wealth_orders" ADD CONSTRAINT "wealth_orders_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wealth_products" ADD CONSTRAINT "wealth_products_currency_id_currencies_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_history_user" ON "login_history" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "operator_totp_failures_admin" ON "operator_totp_failures" USING btree ("admin_id","created_at");--> statement-breakpoint
CREATE INDEX "proof_leaves_user" ON "proof_leaves" USING btree ("user_id","snapshot_id");--> statement-breakpoint
CREATE INDEX "subscription_orders_user" ON "subscription_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "subscription_orders_project" ON "subscription_orders" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "subscription_orders_unlock" ON "subscription_orders" USING btree ("unlock_at") WHERE "subscription_orders"."unlocked_at" IS NULL AND "subscription_orders"."credited_at" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_projects_code" ON "subscription_projects" USING btree ("code");--> statement-breakpoint
CREATE INDEX "wealth_accruals_user" ON "wealth_accruals" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "wealth_orders_user" ON "wealth_orders" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE INDEX "wealth_orders_due" ON "wealth_orders" USING btree ("status","start_day");