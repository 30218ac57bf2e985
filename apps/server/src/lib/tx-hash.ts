/**
 * What an operator may record as the transaction that paid a withdrawal out, by chain:
 * - TRC20 / TRX (TRON): 64 hex digits, no "0x";
 * - ERC20 (Ethereum): "0x" + 64 hex digits;
 * - OMNI / BTC (Bitcoin): 64 hex digits;
 * - BANK (a payout by hand to the user's card): the bank's transfer reference, 4–64 letters, digits or "-".
 * A free-text "hash" would let a payout be marked done with nothing on chain behind it.
 */
const FORMATS: Record<string, RegExp> = {
  TRC20: /^[0-9a-fA-F]{64}$/,
  TRX: /^[0-9a-fA-F]{64}$/,
  ERC20: /^0x[0-9a-fA-F]{64}$/,
  OMNI: /^[0-9a-fA-F]{64}$/,
  BTC: /^[0-9a-fA-F]{64}$/,
  BANK: /^[0-9A-Za-z-]{4,64}$/,
};

/** Whether `hash` has the form of a transaction id on `chain`; an unknown chain accepts none. */
export function isValidTxHash(chain: string, hash: string): boolean {
  return FORMATS[chain.toUpperCase()]?.test(hash) ?? false;
}

/**
 * The form stored and compared for uniqueness: hex hashes in lower case (the same transaction written
 * in either case is one transaction), bank references as given.
 */
export function normalizeTxHash(chain: string, hash: string): string {
  return chain.toUpperCase() === 'BANK' ? hash : hash.toLowerCase();
}
