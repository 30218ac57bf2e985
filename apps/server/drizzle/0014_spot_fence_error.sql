-- Spot batches (modules/spot/book.ts): a batch's one write statement ends by checking that its book still
-- owns the market (spot_markets.owner_epoch). When another build owns it, the statement fails with this
-- error, so nothing of it stays and the COMMIT sent right behind it (in the same round trip) rolls back.
CREATE OR REPLACE FUNCTION spot_fenced_out(pair integer) RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the spot book of pair % was fenced out by a newer build', pair USING ERRCODE = 'SPF01';
END;
$$;
