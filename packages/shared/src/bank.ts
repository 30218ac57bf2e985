/**
 * Bank details checks shared by the server and the apps: a typo in an IBAN or SWIFT code is caught
 * before anyone sends money with it.
 */

/** SWIFT/BIC: 4 letters bank, 2 letters country, 2 letters/digits location, optional 3 branch. */
export const SWIFT_PATTERN = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;
/** A card or account number as typed: 8 to 30 digits once spaces and dashes are removed. */
export const CARD_NUMBER_PATTERN = /^\d{8,30}$/;

export const normalizeSwift = (value: string) => value.replace(/\s/g, '').toUpperCase();
export const normalizeIban = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();
export const normalizeCardNumber = (value: string) => value.replace(/[\s-]/g, '');

/** An IBAN whose ISO 13616 mod-97 check digits hold (country, check digits, 11..30 letters/digits). */
export function isValidIban(value: string): boolean {
  const iban = normalizeIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const digits = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder === 1;
}
