-- Tamper-evident audit log (docs/security.md): every audit_log row is chained to the one before it.
-- Hand-written: the insert trigger, its hash function and the backfill of rows written before the chain.
--
-- A row's hash is SHA-256 over its canonical encoding (lib/audit-chain.ts reproduces it to verify):
--   'audit-v1' then, for chain_seq, id, created_at (UTC, microseconds), admin_id, action, target, ip,
--   before (jsonb text), after (jsonb text) and prev_hash in that order, '-' for NULL or else
--   "<UTF-8 byte length>:<text>".
-- The trigger sets chain_seq, prev_hash and hash itself on every insert (whatever the insert supplied),
-- reading and moving the one-row head under a row lock: concurrent inserts are chained one after the
-- other, in commit order, and a rolled-back insert leaves the head as it was. It runs as the owner
-- (SECURITY DEFINER), so the application's role needs no right on the head.
CREATE FUNCTION audit_chain_field(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN value IS NULL THEN '-' ELSE octet_length(value)::text || ':' || value END
$$;
--> statement-breakpoint
CREATE FUNCTION audit_chain_hash(r audit_log) RETURNS text LANGUAGE sql STABLE SET search_path FROM CURRENT AS $$
  SELECT encode(sha256(convert_to(
    'audit-v1'
    || audit_chain_field(r.chain_seq::text)
    || audit_chain_field(r.id::text)
    || audit_chain_field(to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))
    || audit_chain_field(r.admin_id::text)
    || audit_chain_field(r.action)
    || audit_chain_field(r.target)
    || audit_chain_field(r.ip)
    || audit_chain_field(r.before::text)
    || audit_chain_field(r.after::text)
    || audit_chain_field(r.prev_hash),
    'UTF8')), 'hex')
$$;
--> statement-breakpoint
CREATE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
DECLARE
  head audit_chain_head%ROWTYPE;
BEGIN
  SELECT * INTO head FROM audit_chain_head WHERE id = 1 FOR UPDATE;
  NEW.chain_seq := head.seq + 1;
  NEW.prev_hash := head.hash;
  NEW.hash := audit_chain_hash(NEW);
  UPDATE audit_chain_head SET seq = NEW.chain_seq, hash = NEW.hash WHERE id = 1;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- Rows written before the chain existed are chained now, in id order (the append-only trigger is
-- lifted for this one update, inside the migration's transaction).
INSERT INTO audit_chain_head (id, seq, hash) VALUES (1, 0, repeat('0', 64));
--> statement-breakpoint
ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update_delete;
--> statement-breakpoint
DO $$
DECLARE
  r audit_log%ROWTYPE;
  head audit_chain_head%ROWTYPE;
BEGIN
  FOR r IN SELECT * FROM audit_log ORDER BY id LOOP
    SELECT * INTO head FROM audit_chain_head WHERE id = 1;
    r.chain_seq := head.seq + 1;
    r.prev_hash := head.hash;
    r.hash := audit_chain_hash(r);
    UPDATE audit_log SET chain_seq = r.chain_seq, prev_hash = r.prev_hash, hash = r.hash WHERE id = r.id;
    UPDATE audit_chain_head SET seq = r.chain_seq, hash = r.hash WHERE id = 1;
  END LOOP;
END;
$$;
--> statement-breakpoint
ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update_delete;
--> statement-breakpoint
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_chain();
