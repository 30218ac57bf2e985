CREATE TABLE "pending_approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	"subject" text,
	"payload" jsonb NOT NULL,
	"maker_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"checker_id" integer,
	"decided_at" timestamp with time zone,
	"note" text
);
--> statement-breakpoint
CREATE INDEX "pending_approvals_status" ON "pending_approvals" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pending_approvals_subject" ON "pending_approvals" USING btree ("subject") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_tx_hash" ON "withdrawals" USING btree ("tx_hash");