-- Hand-written: every posting to a `fees` account enqueues itself for the referral rebate worker, in the
-- transaction that writes the fee. The worker deletes the row in the rebate's transaction, so a fee is
-- rebated once however late its transaction commits relative to fees with higher posting ids (the old
-- worker followed posting ids and missed such fees). One statement-level trigger: a group-committed
-- batch of postings costs one INSERT … SELECT, not a call per row.
CREATE OR REPLACE FUNCTION referral_fee_outbox_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO referral_fee_outbox (posting_id)
  SELECT n.id
  FROM new_postings n
  JOIN ledger_accounts a ON a.id = n.account_id AND a.system_code = 'fees'
  WHERE n.amount > 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER ledger_postings_referral_fee_outbox
  AFTER INSERT ON ledger_postings
  REFERENCING NEW TABLE AS new_postings
  FOR EACH STATEMENT EXECUTE FUNCTION referral_fee_outbox_enqueue();--> statement-breakpoint
-- Fees written before the outbox existed and never rebated (among them any the old worker skipped):
-- the worker decides for each (payer without an inviter: nothing to do, the row is just removed).
INSERT INTO referral_fee_outbox (posting_id)
SELECT p.id
FROM ledger_postings p
JOIN ledger_accounts a ON a.id = p.account_id AND a.system_code = 'fees'
WHERE p.amount > 0
  AND NOT EXISTS (SELECT 1 FROM referral_rebates r WHERE r.source_posting_id = p.id)
ON CONFLICT DO NOTHING;
