ALTER TABLE "ledger_entries" ADD COLUMN "payer_id" integer;--> statement-breakpoint
-- Spot fee entries written before the column named their payer only in the memo.
UPDATE "ledger_entries" SET "payer_id" = split_part("memo", ':', 3)::int
WHERE "reason" = 'spot_fee' AND "memo" ~ '^(maker|taker):(buy|sell):[0-9]{1,9}$';
