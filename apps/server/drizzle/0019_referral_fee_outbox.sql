CREATE TABLE "referral_fee_outbox" (
	"posting_id" bigint PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP TABLE "referral_cursor" CASCADE;