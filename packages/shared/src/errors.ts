/**
 * Stable error codes. The server localizes each into the request's language; the H5 app keeps a
 * translation of each under `errors.<code>` so that client-side validation shows the same words.
 */
export const ERROR_CODES = [
  'validation_failed',
  'not_logged_in',
  'forbidden',
  'not_found',
  'rate_limited',
  'body_too_large',
  'unsupported_media_type',
  'request_timeout',
  'internal_error',
  // cluster: the node running a market's engine did not answer a forwarded order in time
  'engine_unavailable',
  // the database could not be reached (restarting, down): nothing was done, retry is safe
  'service_unavailable',
  'account_required',
  'phone_required',
  'phone_invalid',
  'email_required',
  'email_invalid',
  'code_required',
  'code_invalid',
  'password_required',
  'password_too_short',
  'password_too_long',
  'password_mismatch',
  'agreement_required',
  'invite_code_unknown',
  'account_exists',
  'login_failed',
  'account_frozen',
  'old_password_wrong',
  'pay_password_format',
  'pay_password_wrong',
  'pay_password_not_set',
  'lang_unknown',
  'area_code_unknown',
  'contact_already_bound',
  'contact_taken',
  'scene_unknown',
  'insufficient_balance',
  'amount_required',
  'amount_invalid',
  'amount_too_precise',
  'amount_below_min',
  'same_account',
  'currency_unknown',
  'account_unknown',
  'real_name_required',
  'basic_first',
  'verification_pending',
  'already_verified',
  'address_required',
  'bank_card_required',
  'address_invalid',
  'chain_unknown',
  'withdraw_limit_reached',
  'upload_too_large',
  'upload_not_image',
  'upload_required',
  'already_reviewed',
  'field_required',
  'field_invalid',
  'product_disabled',
  'pair_unknown',
  'period_unknown',
  'time_range_invalid',
  'price_required',
  'price_invalid',
  'price_off_tick',
  'amount_off_lot',
  'insufficient_sellable',
  'order_not_cancellable',
  'trade_closed',
  // perpetual contracts (lever/*)
  'lever_closed',
  'lots_invalid',
  'lots_too_many',
  'multiple_not_allowed',
  'stop_price_required',
  'stop_profit_wrong_side',
  'stop_loss_wrong_side',
  'limit_price_wrong_side',
  'index_unavailable',
  'position_not_open',
  // end perpetual contracts
  // wealth: fixed-term financial products (lh/deposit/*)
  'amount_above_max',
  'wealth_product_paused',
  'wealth_quota_exceeded',
  'wealth_order_not_redeemable',
  'wealth_penalty_rate_zero',
  // end wealth
  // operations: console roles, two-factor sign-in, proof of liabilities
  'totp_required',
  'totp_invalid',
  'totp_enrolment_required',
  'totp_already_enabled',
  'operator_disabled',
  'operator_exists',
  'proof_not_available',
  // end operations
  // sign-in hardening: per-account lockout, operators' password rule
  'account_locked',
  'operator_password_too_short',
  // end sign-in hardening
  // help centre and support chat
  'text_too_long',
  'too_many_images',
  'support_role_required',
  // end help centre and support chat
  // options: time-based options (microtrade/*)
  'option_seconds_unknown',
  'option_pair_closed',
  'option_stake_below_min',
  'option_stake_above_max',
  'option_price_unavailable',
  'option_seconds_exists',
  // end options
  // new-coin subscription (lh/send/*)
  'subscription_not_started',
  'subscription_ended',
  'subscription_limit_exceeded',
  'subscription_state_invalid',
  'subscription_terms_locked',
  'currency_code_taken',
  // end new-coin subscription
  // runtime configuration: coins, chains, tick and lot sizes
  'coin_disabled',
  'chain_exists',
  'chain_last',
  'chain_in_use',
  'sizes_misfit',
  // end runtime configuration
  // the hash-chained index record (GET /api/index/*)
  'index_sample_not_found',
  // four eyes on money moves
  'approval_own_request',
  'approval_decided',
  'approval_pending',
  'tx_hash_invalid',
  'tx_hash_used',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
