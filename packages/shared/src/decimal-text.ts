/**
 * The shapes of decimal text, one definition for the server and both apps. Money travels as text and is
 * never parsed into a float; these say which texts are numbers at all.
 */

/**
 * An amount as a user may type it (the server's rule, checked again by each form): up to 24 digits,
 * optionally a point and up to 30 more; no sign, exponent, grouping or spaces.
 */
export const AMOUNT_TEXT = /^\d{1,24}(\.\d{1,30})?$/;

/** An unsigned plain decimal of any length: digits, optionally a point and more digits (feeds, settings). */
export const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;
