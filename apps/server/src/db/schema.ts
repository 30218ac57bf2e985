import type { approvalsApi, depositsApi, referralApi, subscriptionApi, walletApi, wealthApi } from '@app/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  type ReferenceConfig,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The one schema of the product, for PGlite and PostgreSQL alike. Migrations in ../../drizzle are
 * generated from it with `npm run db:generate`. Money columns (later issues) are numeric(36,18).
 */

// The column builders every table takes its common columns from.
/** Every moment is stored with its time zone. */
const timestampTz = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => timestampTz('created_at').notNull().defaultNow();
const updatedAt = () => timestampTz('updated_at').notNull().defaultNow();
const serialId = () => serial('id').primaryKey();
/** A required reference to another table's row (`onDelete` and the like as `actions`). */
const belongsTo = (name: string, target: () => AnyPgColumn, actions?: ReferenceConfig['actions']) =>
  integer(name).notNull().references(target, actions);
/** A request operators review: pending until one approves or rejects it. */
const reviewStatus = () => text('status').$type<approvalsApi.ReviewState>().notNull().default('pending');

export const currencies = pgTable('currencies', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  fullName: text('full_name').notNull(),
  icon: text('icon').notNull(),
  /** Decimal places a quantity of this coin may carry. */
  decimals: smallint('decimals').notNull(),
  sort: integer('sort').notNull().default(0),
  /** admin-config: off hides the coin from deposits and withdrawals; balances stay. */
  enabled: boolean('enabled').notNull().default(true),
});

export const chains = pgTable(
  'chains',
  {
    id: serialId(),
    currencyId: belongsTo('currency_id', () => currencies.id),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('chains_currency_name').on(t.currencyId, t.name)],
);

export const areaCodes = pgTable('area_codes', {
  id: serialId(),
  areaCode: text('area_code').notNull(),
  country: text('country').notNull().unique(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const users = pgTable(
  'users',
  {
    id: serialId(),
    /** How the user registered: 'mobile' or 'email'; the other contact may be bound later. */
    accountType: text('account_type').notNull(),
    phone: text('phone'),
    areaCode: text('area_code'),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    payPasswordHash: text('pay_password_hash'),
    extensionCode: text('extension_code').notNull(),
    parentId: integer('parent_id'),
    lang: text('lang').notNull().default('en'),
    reviewStatus: smallint('review_status').notNull().default(0),
    advancedUser: smallint('advanced_user').notNull().default(0),
    name: text('name'),
    cardId: text('card_id'),
    frozenReason: text('frozen_reason'),
    /**
     * An account the operator runs (the spot market maker): an ordinary user on the ledger, marked so
     * that consoles and reports can tell the house's own trading from customers'.
     */
    isOperator: boolean('is_operator').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_phone').on(t.areaCode, t.phone),
    uniqueIndex('users_email').on(t.email),
    uniqueIndex('users_extension_code').on(t.extensionCode),
    index('users_parent').on(t.parentId),
  ],
);

/** Sign-in tokens: only the SHA-256 of the random token is stored, so a database leak yields none. */
export const sessions = pgTable(
  'sessions',
  {
    id: serialId(),
    userId: belongsTo('user_id', () => users.id),
    tokenHash: text('token_hash').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    expiresAt: timestampTz('expires_at').notNull(),
    revokedAt: timestampTz('revoked_at'),
  },
  (t) => [uniqueIndex('sessions_token_hash').on(t.tokenHash), index('sessions_user').on(t.userId)],
);

/** Verification codes, hashed; single use, expiring, with a bounded number of wrong guesses. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serialId(),
    target: text('target').notNull(),
    scene: text('scene').notNull(),
    codeHash: text('code_hash').notNull(),
    ip: text('ip'),
    attempts: smallint('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
  },
  (t) => [index('codes_target_scene').on(t.target, t.scene, t.createdAt), index('codes_ip').on(t.ip, t.createdAt)],
);

/**
 * Development outbox: every message the notifier would send. Without an SMS or e-mail provider this is
 * the only place a code can be read, and only operators (admin API) and the server log can read it.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serialId(),
    channel: text('channel').notNull(),
    target: text('target').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The code carried by the message, so operators can read it at a glance. */
    code: text('code'),
    delivered: text('delivered').notNull().default('outbox'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_target').on(t.target, t.createdAt)],
);

export const admins = pgTable('admins', {
  id: serialId(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: text('role').notNull().default('super'),
  createdAt: createdAt(),
  // operations: a disabled operator can no longer sign in; their sessions are revoked.
  disabledAt: timestampTz('disabled_at'),
});

export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: serialId(),
    adminId: belongsTo('admin_id', () => admins.id),
    tokenHash: text('token_hash').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
    expiresAt: timestampTz('expires_at').notNull(),
    revokedAt: timestampTz('revoked_at'),
    // operations: 'full', or 'enrol' — a super/finance operator without 2FA may only set it up.
    scope: text('scope').notNull().default('full'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('admin_sessions_token_hash').on(t.tokenHash)],
);

/** Append-only record of operator actions (who, what, when, from where, before/after). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer('admin_id'),
    action: text('action').notNull(),
    target: text('target'),
    ip: text('ip'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestampTz('created_at').notNull().default(sql`now()`),
    // The hash chain (docs/security.md "Tamper-evident audit log"): set by the database's insert trigger
    // on every row, whatever the insert supplies, so a row's place and hash never come from the caller.
    /** The row's place in the chain: 1, 2, 3… in the order the rows were chained. */
    chainSeq: bigint('chain_seq', { mode: 'number' }).unique('audit_log_chain_seq'),
    /** The hash of the row before it (64 zeros for the first). */
    prevHash: text('prev_hash'),
    /** SHA-256 over the row's canonical encoding, prev_hash included (lib/audit-chain.ts). */
    hash: text('hash'),
  },
  (t) => [index('audit_created').on(t.createdAt)],
);

/** The chain's head: one row, the last chained audit row's place and hash (locked by each insert). */
export const auditChainHead = pgTable(
  'audit_chain_head',
  {
    id: smallint('id').primaryKey(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [check('audit_chain_head_one_row', sql`${t.id} = 1`)],
);

/** Money: numeric(36,18), read and written as decimal strings, never floats. */
const money = (name: string) => numeric(name, { precision: 36, scale: 18 });

/** Per-coin money rules the operators set: deposit and withdrawal minimums, the withdrawal fee. */
export const currencySettings = pgTable('currency_settings', {
  currencyId: integer('currency_id')
    .primaryKey()
    .references(() => currencies.id),
  depositMin: money('deposit_min').notNull().default('0'),
  withdrawMin: money('withdraw_min').notNull().default('0'),
  withdrawFee: money('withdraw_fee').notNull().default('0'),
  /** USDT value of one coin until the market feed prices it (USDT is always 1). */
  fallbackPrice: money('fallback_price').notNull().default('0'),
});

/** The platform's deposit address per coin and chain, set by operators. */
export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    id: serialId(),
    chainId: belongsTo('chain_id', () => chains.id),
    address: text('address').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('deposit_addresses_chain').on(t.chainId)],
);

/**
 * Ledger accounts: a user's coin, option, contract and trust account per currency, and the platform's
 * own accounts (system_code: external deposits and withdrawals, fees, adjustments). Balances are
 * available + frozen; a user's can never go below zero (the CHECK is the last line of defence; the
 * ledger refuses first).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: serialId(),
    userId: integer('user_id').references(() => users.id),
    systemCode: text('system_code'),
    kind: text('kind').notNull(),
    currencyId: belongsTo('currency_id', () => currencies.id),
    available: money('available').notNull().default('0'),
    frozen: money('frozen').notNull().default('0'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_user').on(t.userId, t.kind, t.currencyId),
    uniqueIndex('ledger_accounts_system').on(t.systemCode, t.kind, t.currencyId),
    check('ledger_accounts_owner', sql`(${t.userId} IS NULL) <> (${t.systemCode} IS NULL)`),
    check('ledger_accounts_user_not_negative', sql`${t.userId} IS NULL OR (${t.available} >= 0 AND ${t.frozen} >= 0)`),
  ],
);

/** One business event's balance changes: a transfer, a deposit credit, a freeze, a fee… */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reason: text('reason').notNull(),
    refType: text('ref_type'),
    refId: text('ref_id'),
    memo: text('memo'),
    /**
     * Who paid, on fee entries whose postings do not name the payer themselves (a spot trade's fee
     * moves from the clearing account to fees): what the referral rebates read.
     */
    payerId: integer('payer_id'),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_entries_ref').on(t.refType, t.refId)],
);

/** Double-entry postings: each entry's postings sum to zero per currency. */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerEntries.id),
    accountId: belongsTo('account_id', () => ledgerAccounts.id),
    currencyId: integer('currency_id').notNull(),
    bucket: text('bucket').$type<'available' | 'frozen'>().notNull(),
    amount: money('amount').notNull(),
    /** The account's bucket balance after this posting, for the user's change records. */
    balanceAfter: money('balance_after').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_postings_account').on(t.accountId, t.id), index('ledger_postings_entry').on(t.entryId)],
);

/** Transfers between a user's own accounts. */
export const transfers = pgTable(
  'transfers',
  {
    id: serialId(),
    userId: belongsTo('user_id', () => users.id),
    currencyId: belongsTo('currency_id', () => currencies.id),
    fromAccount: text('from_account').$type<walletApi.AccountKind>().notNull(),
    toAccount: text('to_account').$type<walletApi.AccountKind>().notNull(),
    amount: money('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('transfers_user').on(t.userId, t.id)],
);

/**
 * Uploaded images (deposit proofs, identity photos, chat): the row here, the bytes in the configured
 * upload storage (modules/uploads/storage.ts: DATA_DIR, `upload_blobs`, or an S3 bucket); owner-readable.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').references(() => users.id),
    adminId: integer('admin_id'),
    purpose: text('purpose').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_user').on(t.userId)],
);

/** Raw bytes: PGlite answers a Uint8Array, postgres-js a Buffer; both are handed over as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The bytes of uploads when the upload storage is the database (the default on PostgreSQL): every node
 * of a cluster serves every upload, and the database's backups hold them. Removed with their upload.
 */
export const uploadBlobs = pgTable('upload_blobs', {
  id: text('id')
    .primaryKey()
    .references(() => uploads.id, { onDelete: 'cascade' }),
  bytes: bytea('bytes').notNull(),
});

/** Deposits waiting for, or past, an operator's review. */
export const deposits = pgTable(
  'deposits',
  {
    id: serialId(),
    userId: belongsTo('user_id', () => users.id),
    currencyId: belongsTo('currency_id', () => currencies.id),
    method: text('method').$type<depositsApi.DepositMethod>().notNull(),
    chain: text('chain'),
    amount: money('amount').notNull(),
    proofUploadId: text('proof_upload_id').references(() => uploads.id),
    bankName: text('bank_name'),
    cardNumber: text('card_number'),
    transferAmount: money('transfer_amount'),
    status: reviewStatus(),
    fee: money('fee'),
    credited: money('credited'),
    rejectReason: text('reject_reason'),
    reviewedBy: integer('reviewed_by'),
    reviewedAt: timestampTz('reviewed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('deposits_user').on(t.userId, t.id), index('deposits_status').on(t.status, t.id)],
);

/** The user's withdrawal address book. */
export const withdrawAddresses = pgTable(
  'withdraw_addresses',
  {
    id: serialId(),
    userId: belongsTo('user_id', () => users.id),
    currencyId: belongsTo('currency_id', () => currencies.id),
    chain: text('chain').notNull(),
    address: text('address').notNull(),
    label: text('label'),
    createdAt: createdAt(),
    deletedAt: timestampTz('deleted_at'),
  },
  (t) => [index('withdraw_addresses_user').on(t.userId)],
);

/** Withdrawals: amount + fee frozen on request, settled or unfrozen by review. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serialId(),
    userId: belongsTo('user_id', () => users.id),
    currencyId: belongsTo('currency_id', () => currencies.id),
    chain: text('chain').notNull(),
    address: text('address').notNull(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    remark: text('remark'),
    status: reviewStatus(),
    txHash: text('tx_hash'),
    rejectReason: text('reject_reason'),
    reviewedBy: integer('reviewed_by'),
    reviewedAt: timestampTz('reviewed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('withdrawals_user').on(t.userId, t.createdAt),
    index('withdrawals_status').on(t.status, t.id),
    // One on-chain transaction pays out one withdrawal: a hash recorded twice is a mistake or a fraud.
    uniqueIndex('withdrawals_tx_hash').on(t.txHash),
  ],
);

/** Identity verification submissions, basic (tier 1) and advanced (tier 2). */
export const identityChecks = pgTable(
  'identity_checks',
  {
    id: serialId(),
    userId: belongsTo('user_id', () => users.id),
    tier: smallint('tier').notNull(),
    country: text('country'),
    name: text('name'),
    cardId: text('card_id'),
    address: text('address'),
    frontUploadId: text('front_upload_id').references(() => uploads.id),
    backUploadId: text('back_upload_id').references(() => uploads.id),
    handUploadId: text('hand_upload_id').references(() => uploads.id),
    status: text('status').notNull().default('pending'),
    rejectReason: text('reject_reason'),
    reviewedBy: integer('reviewed_by'),
    reviewedAt: timestampTz('reviewed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('identity_checks_user').on(t.userId, t.tier), index('identity_checks_status').on(t.status, t.id)],
);

/** Bank cards a user binds for bank withdrawals. */
export const bankCards = pgTable(
  'bank_cards',
  {
    id: serialId(),
    userId: belongsTo('user_id', () => users.id),
    holderName: text('holder_name').notNull(),
    cardNumber: text('card_number').notNull(),
    bankName: text('bank_name').notNull(),
    branch: text('branch'),
    bankAddress: text('bank_address'),
    swift: text('swift'),
    iban: text('iban'),
    payeeAddress: text('payee_address'),
    postalCode: text('postal_code'),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('bank_cards_user').on(t.userId)],
);

/** Messages to one user (review outcomes, settlements…), listed in the notices' messages tab. */
export const userMessages = pgTable(
  'user_messages',
  {
    id: serialId(),
    userId: belongsTo('user_id', () => users.id),
    kind: text('kind').notNull(),
    /** A message key and its values, rendered in the reader's language when listed. */
    templateKey: text('template_key').notNull(),
    values: jsonb('values').notNull().default({}),
    readAt: timestampTz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [index('user_messages_user').on(t.userId, t.id)],
);

/** Operator-set product details: bank deposit instructions and the like (key → JSON value). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Wrong fund-password guesses, one row each: at most five an hour per user (lib/pay-password.ts).
 * Written in the same transaction that holds the user's row lock, so parallel guesses are counted.
 */
export const payPasswordFailures = pgTable(
  'pay_password_failures',
  {
    id: serialId(),
    userId: belongsTo('user_id', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('pay_password_failures_user').on(t.userId, t.createdAt)],
);

/**
 * Trading pairs: a base coin (`currency_id`) quoted in another (`legal_id`, e.g. USDT), with the pair's
 * trading rules. Prices are multiples of `tick_size` shown with `price_decimals` places; quantities are
 * multiples of `lot_size`, at least `min_amount`. Fee rates are fractions ("0.001" is 0.1 %).
 */
export const pairs = pgTable(
  'pairs',
  {
    id: serialId(),
    currencyId: belongsTo('currency_id', () => currencies.id),
    legalId: belongsTo('legal_id', () => currencies.id),
    symbol: text('symbol').notNull(),
    priceDecimals: smallint('price_decimals').notNull(),
    tickSize: money('tick_size').notNull(),
    lotSize: money('lot_size').notNull(),
    minAmount: money('min_amount').notNull(),
    makerFeeRate: money('maker_fee_rate').notNull(),
    takerFeeRate: money('taker_fee_rate').notNull(),
    openCoinTrade: boolean('open_coin_trade').notNull().default(true),
    openLever: boolean('open_lever').notNull().default(false),
    openMicrotrade: boolean('open_microtrade').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    // Market orders match only within this fraction of the index price (0.05 = 5 %); the rest is cancelled.
    priceBand: money('price_band').notNull().default('0.05'),
    // The market maker's ladder on this pair (null: the console's global market-maker settings).
    mmLevels: integer('mm_levels'),
    mmDepth: money('mm_depth'),
    mmSpreadBps: integer('mm_spread_bps'),
  },
  (t) => [
    uniqueIndex('pairs_symbol').on(t.symbol),
    uniqueIndex('pairs_currency_legal').on(t.currencyId, t.legalId),
    check('pairs_rules_positive', sql`${t.tickSize} > 0 AND ${t.lotSize} > 0 AND ${t.minAmount} >= 0`),
    check(
      'pairs_fees_range',
      sql`${t.makerFeeRate} >= 0 AND ${t.makerFeeRate} < 1 AND ${t.takerFeeRate} >= 0 AND ${t.takerFeeRate} < 1`,
    ),
  ],
);

/**
 * Candles per pair and period ('1min' … '1mon'), keyed by open time in unix seconds. The 1-min candles
 * are the feed's; the longer periods are rolled up from them (market/candle-store.ts). No foreign key:
 * history is bulk-loaded with COPY, and a per-row check would triple its time.
 */
export const candles = pgTable(
  'candles',
  {
    pairId: integer('pair_id').notNull(),
    period: text('period').notNull(),
    openTime: bigint('open_time', { mode: 'number' }).notNull(),
    open: money('open').notNull(),
    high: money('high').notNull(),
    low: money('low').notNull(),
    close: money('close').notNull(),
    /** Volume in the base coin. */
    volume: money('volume').notNull(),
    /** Turnover in the quote coin. */
    amount: money('amount').notNull(),
  },
  (t) => [primaryKey({ name: 'candles_pk', columns: [t.pairId, t.period, t.openTime] })],
);

/** A user's favourite pairs (`currency/user_currency_list`). */
export const favorites = pgTable(
  'favorites',
  {
    userId: belongsTo('user_id', () => users.id),
    pairId: belongsTo('pair_id', () => pairs.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'favorites_pk', columns: [t.userId, t.pairId] })],
);

/**
 * Spot orders. `seq` is the engine's sequence number of the command that placed the order: its time
 * priority, so the book is rebuilt at restart from the waiting orders in `seq` order. Amounts are in
 * the pair's coins: `amount`, `filled` in the base coin; `total` (market buys: the quote budget),
 * `filled_quote` (Σ price × quantity) and `fee` in the quote coin. `locked` is what placing froze
 * (quote for buys, base for sells) and `used` what trades have taken from it; the rest is released
 * when the order ends. `fee_exact` is Σ quote × fee rate before rounding (fees are rounded once per
 * order, up, so that many small fills never charge more than one big one).
 */
export const spotOrders = pgTable(
  'spot_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    pairId: belongsTo('pair_id', () => pairs.id),
    side: text('side').notNull(),
    type: text('type').notNull(),
    price: money('price'),
    amount: money('amount'),
    total: money('total'),
    filled: money('filled').notNull().default('0'),
    filledQuote: money('filled_quote').notNull().default('0'),
    feeExact: money('fee_exact').notNull().default('0'),
    fee: money('fee').notNull().default('0'),
    locked: money('locked').notNull(),
    used: money('used').notNull().default('0'),
    status: text('status').notNull(),
    cancelReason: text('cancel_reason'),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('spot_orders_user').on(t.userId, t.status, t.id),
    index('spot_orders_book').on(t.pairId, t.seq).where(sql`${t.status} = 'waiting'`),
    check('spot_orders_side', sql`${t.side} IN ('buy', 'sell')`),
    check('spot_orders_status', sql`${t.status} IN ('waiting', 'completed', 'partially_filled', 'cancelled')`),
  ],
);

/** Trades of the spot book, numbered per pair by its engine; fees are what each side paid for it (quote). */
export const spotTrades = pgTable(
  'spot_trades',
  {
    pairId: belongsTo('pair_id', () => pairs.id),
    id: bigint('id', { mode: 'number' }).notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    price: money('price').notNull(),
    amount: money('amount').notNull(),
    quoteAmount: money('quote_amount').notNull(),
    takerSide: text('taker_side').notNull(),
    makerOrderId: bigint('maker_order_id', { mode: 'number' }).notNull(),
    takerOrderId: bigint('taker_order_id', { mode: 'number' }).notNull(),
    makerUserId: integer('maker_user_id').notNull(),
    takerUserId: integer('taker_user_id').notNull(),
    makerFee: money('maker_fee').notNull(),
    takerFee: money('taker_fee').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'spot_trades_pk', columns: [t.pairId, t.id] }),
    index('spot_trades_maker').on(t.makerOrderId),
    index('spot_trades_taker').on(t.takerOrderId),
  ],
);

/** Each spot engine's counters (last command sequence number and trade id), written with every batch. */
export const spotMarkets = pgTable('spot_markets', {
  pairId: integer('pair_id')
    .primaryKey()
    .references(() => pairs.id),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
  lastTradeId: bigint('last_trade_id', { mode: 'number' }).notNull(),
  /**
   * A fencing token: raised by every (re)build of the book, and each batch writes only while it still
   * holds the value its build read. A node that lost the engine to another cannot commit after it.
   */
  ownerEpoch: bigint('owner_epoch', { mode: 'number' }).notNull().default(0),
  updatedAt: updatedAt(),
});

// ---- help centre and support chat ----

/** FAQ categories; `names` holds the title per language ({en, zh, …}); readers fall back to English. */
export const helpCategories = pgTable('help_categories', {
  id: serialId(),
  /** A stable name for seeds and links (deposits, withdrawals…). */
  slug: text('slug').notNull().unique(),
  names: jsonb('names').$type<Record<string, string>>().notNull(),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
});

/** FAQ articles; their text lives per language in help_article_texts. */
export const helpArticles = pgTable(
  'help_articles',
  {
    id: serialId(),
    categoryId: belongsTo('category_id', () => helpCategories.id),
    slug: text('slug').notNull().unique(),
    sort: integer('sort').notNull().default(0),
    published: boolean('published').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('help_articles_category').on(t.categoryId, t.sort)],
);

/** One language's title and body of an article (plain text, rendered as text). */
export const helpArticleTexts = pgTable(
  'help_article_texts',
  {
    articleId: belongsTo('article_id', () => helpArticles.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
  },
  (t) => [primaryKey({ name: 'help_article_texts_pk', columns: [t.articleId, t.lang] })],
);

/** A user's feedback (text + uploaded image ids) and the operator's reply. */
export const feedback = pgTable(
  'feedback',
  {
    id: serialId(),
    userId: belongsTo('user_id', () => users.id),
    content: text('content').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    reply: text('reply'),
    repliedBy: integer('replied_by'),
    repliedAt: timestampTz('replied_at'),
    /** When the user last saw the reply (unread badge of the feedback list). */
    replyReadAt: timestampTz('reply_read_at'),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_user').on(t.userId, t.id), index('feedback_open').on(t.repliedAt, t.id)],
);

/**
 * One support conversation per user. Read receipts are high-water marks: the last message id each
 * side has read (every message of the other side up to it counts as read).
 */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: serialId(),
    userId: belongsTo('user_id', () => users.id),
    /** The agent who took it ("assign to me"); null while it waits in the queue. */
    agentId: integer('agent_id'),
    userReadId: bigint('user_read_id', { mode: 'number' }).notNull().default(0),
    agentReadId: bigint('agent_read_id', { mode: 'number' }).notNull().default(0),
    lastMessageId: bigint('last_message_id', { mode: 'number' }).notNull().default(0),
    lastMessageAt: timestampTz('last_message_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('chat_conversations_user').on(t.userId), index('chat_conversations_recent').on(t.lastMessageAt)],
);

/** Messages of a conversation: text or an image (an upload id), stored and shown as plain text. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: belongsTo('conversation_id', () => chatConversations.id),
    sender: text('sender').notNull(),
    agentId: integer('agent_id'),
    kind: text('kind').notNull(),
    body: text('body').notNull().default(''),
    uploadId: text('upload_id'),
    /** The sender's own id for the message: a resend after a reconnect is stored once. */
    clientId: text('client_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_conversation').on(t.conversationId, t.id),
    uniqueIndex('chat_messages_client').on(t.conversationId, t.sender, t.clientId),
  ],
);
// ---- end help centre and support chat ----

// ── referral and notices (community) ──────────────────────────────────────────────────────

/**
 * A user's standing in the referral programme, set by operators: `normal` (the default ratio from
 * settings), `partner` or `exclusive` (each with its own ratio). No row = normal at the default ratio.
 */
export const referralProfiles = pgTable(
  'referral_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    status: text('status').$type<referralApi.ReferralStatus>().notNull().default('normal'),
    /** Fraction of each fee an invitee pays ("0.2" = 20 %); null = the default ratio. */
    ratio: money('ratio'),
    updatedBy: integer('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('referral_profiles_status', sql`${t.status} IN ('normal', 'partner', 'exclusive')`),
    check('referral_profiles_ratio', sql`${t.ratio} IS NULL OR (${t.ratio} >= 0 AND ${t.ratio} <= 1)`),
  ],
);

/**
 * One rebate per (fee posting, payer): the fee an invitee paid, the ratio then in force, the exact
 * rebate and what was credited with it. The unique key makes the rebate worker idempotent.
 */
export const referralRebates = pgTable(
  'referral_rebates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    inviterId: belongsTo('inviter_id', () => users.id),
    inviteeId: belongsTo('invitee_id', () => users.id),
    sourcePostingId: bigint('source_posting_id', { mode: 'number' }).notNull(),
    sourceEntryId: bigint('source_entry_id', { mode: 'number' }).notNull(),
    sourceReason: text('source_reason').notNull(),
    currencyId: belongsTo('currency_id', () => currencies.id),
    fee: money('fee').notNull(),
    ratio: money('ratio').notNull(),
    /** fee × ratio, unrounded. */
    exact: money('exact').notNull(),
    /** Credited to the inviter with this rebate (running total rounded down, less what was credited before). */
    credited: money('credited').notNull(),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('referral_rebates_source').on(t.sourcePostingId, t.inviteeId),
    index('referral_rebates_inviter').on(t.inviterId, t.id),
  ],
);

/** Per inviter and coin: Σ exact rebates and Σ credited; the difference (under one unit) is pending. */
export const referralAccruals = pgTable(
  'referral_accruals',
  {
    inviterId: belongsTo('inviter_id', () => users.id),
    currencyId: belongsTo('currency_id', () => currencies.id),
    exactTotal: money('exact_total').notNull().default('0'),
    creditedTotal: money('credited_total').notNull().default('0'),
  },
  (t) => [primaryKey({ name: 'referral_accruals_pk', columns: [t.inviterId, t.currencyId] })],
);

/**
 * Fee postings not yet rebated: one row per posting to a `fees` account, written by a trigger on
 * `ledger_postings` in the transaction of the fee itself (migration `referral_fee_outbox_trigger`), and
 * deleted by the rebate worker in the transaction of the rebate. A fee that commits after later ones
 * were processed is still here, whatever its posting id: nothing is skipped, nothing read twice.
 */
export const referralFeeOutbox = pgTable('referral_fee_outbox', {
  postingId: bigint('posting_id', { mode: 'number' }).primaryKey(),
});

/** Announcements written by operators; their text is per language in `news_texts` (English required). */
export const news = pgTable(
  'news',
  {
    id: serialId(),
    published: boolean('published').notNull().default(true),
    pinned: boolean('pinned').notNull().default(false),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('news_published').on(t.published, t.id)],
);

/** An announcement's title and body (plain text) in one language. */
export const newsTexts = pgTable(
  'news_texts',
  {
    newsId: belongsTo('news_id', () => news.id, { onDelete: 'cascade' }),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
  },
  (t) => [primaryKey({ name: 'news_texts_pk', columns: [t.newsId, t.lang] })],
);

/** Which announcements a user has read (for the unread count). */
export const newsReads = pgTable(
  'news_reads',
  {
    userId: belongsTo('user_id', () => users.id),
    newsId: belongsTo('news_id', () => news.id, { onDelete: 'cascade' }),
    readAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'news_reads_pk', columns: [t.userId, t.newsId] })],
);
// ── end referral and notices ──

// ── new-coin subscription (publication, lh/send/*) ──
/**
 * A new-coin subscription project an operator defines. `status` is what operators did (open → closed →
 * allocated → launched); what users see (upcoming, subscribing, sold out, under review…) is derived
 * from it and the clock (modules/subscription/phase.ts). Amounts: `issue_price` is one new coin in the
 * subscription currency; `total_supply` is in new coins; `min_amount`/`max_amount` are what one user
 * pays, in the subscription currency (min per order, max across the user's orders). `introduction`
 * is text per language ({en, zh, …}). `currency_id` is set when the project launches and its coin exists.
 */
export const subscriptionProjects = pgTable(
  'subscription_projects',
  {
    id: serialId(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    decimals: smallint('decimals').notNull(),
    subscribeCurrencyId: belongsTo('subscribe_currency_id', () => currencies.id),
    issuePrice: money('issue_price').notNull(),
    totalSupply: money('total_supply').notNull(),
    minAmount: money('min_amount').notNull(),
    maxAmount: money('max_amount').notNull(),
    startAt: timestampTz('start_at').notNull(),
    endAt: timestampTz('end_at').notNull(),
    launchAt: timestampTz('launch_at').notNull(),
    lockDays: integer('lock_days').notNull(),
    introduction: jsonb('introduction').notNull().default({}),
    status: text('status').$type<subscriptionApi.ProjectState>().notNull().default('open'),
    closedAt: timestampTz('closed_at'),
    allocatedAt: timestampTz('allocated_at'),
    launchedAt: timestampTz('launched_at'),
    /** The new coin, once launched; its USDT pair is listed through the spot module. */
    currencyId: integer('currency_id').references(() => currencies.id),
    pairId: integer('pair_id').references(() => pairs.id),
    launchPrice: money('launch_price'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscription_projects_code').on(t.code),
    check('subscription_projects_status', sql`${t.status} IN ('open', 'closed', 'allocated', 'launched')`),
    check(
      'subscription_projects_amounts',
      sql`${t.issuePrice} > 0 AND ${t.totalSupply} > 0 AND ${t.minAmount} > 0 AND ${t.maxAmount} >= ${t.minAmount}`,
    ),
    check('subscription_projects_times', sql`${t.startAt} < ${t.endAt} AND ${t.lockDays} >= 0`),
  ],
);

/**
 * One subscription of a user: `amount` (subscription currency) is frozen in the coin account when
 * placed. Allocation sets `quantity` (new coins), `cost` (what was paid for them) and `refund`
 * (amount − cost, unfrozen). Launch credits `quantity` locked until `unlock_at`; the unlock job sets
 * `unlocked_at` when it releases them (once).
 */
export const subscriptionOrders = pgTable(
  'subscription_orders',
  {
    id: serialId(),
    projectId: belongsTo('project_id', () => subscriptionProjects.id),
    userId: belongsTo('user_id', () => users.id),
    amount: money('amount').notNull(),
    status: text('status').$type<subscriptionApi.OrderState>().notNull().default('pending'),
    quantity: money('quantity'),
    cost: money('cost'),
    refund: money('refund'),
    allocatedAt: timestampTz('allocated_at'),
    creditedAt: timestampTz('credited_at'),
    unlockAt: timestampTz('unlock_at'),
    unlockedAt: timestampTz('unlocked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('subscription_orders_user').on(t.userId, t.id),
    index('subscription_orders_project').on(t.projectId, t.id),
    index('subscription_orders_unlock').on(t.unlockAt).where(sql`${t.unlockedAt} IS NULL AND ${t.creditedAt} IS NOT NULL`),
    check('subscription_orders_status', sql`${t.status} IN ('pending', 'allocated', 'launched')`),
    check('subscription_orders_amount', sql`${t.amount} > 0`),
  ],
);
// ── end new-coin subscription ──

// ── wealth: fixed-term financial products (lh/deposit/*) ──
/**
 * Financial products operators define (the lock/trust/hosting tab). Rates are fractions per day
 * (0.004 = 0.4 % a day). `penalty_rate` is the daily rate of the early-redemption damages
 * (damages = penalty_rate × remaining days × amount; the spec's example uses the daily yield itself).
 * `total_cap` bounds the total ever bought (`sold`); null = no cap.
 */
export const wealthProducts = pgTable(
  'wealth_products',
  {
    id: serialId(),
    currencyId: belongsTo('currency_id', () => currencies.id),
    days: integer('days').notNull(),
    minAmount: money('min_amount').notNull(),
    maxAmount: money('max_amount').notNull(),
    dailyRate: money('daily_rate').notNull(),
    penaltyRate: money('penalty_rate').notNull(),
    totalCap: money('total_cap'),
    sold: money('sold').notNull().default('0'),
    status: text('status').$type<wealthApi.ProductState>().notNull().default('active'),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('wealth_products_status', sql`${t.status} IN ('active', 'paused')`),
    check('wealth_products_days', sql`${t.days} > 0`),
    check('wealth_products_sold', sql`${t.totalCap} IS NULL OR ${t.sold} <= ${t.totalCap}`),
  ],
);

/**
 * A user's holding of a product, with the product's terms copied at purchase (operators may edit the
 * product later; a bought order keeps its terms). Days are UTC day numbers (days since 1970-01-01):
 * interest is credited for days start_day … start_day + days − 1, each once it has ended, and the
 * principal returns with the last one (at the end of the full term). `days_paid` counts the days
 * credited so far.
 */
export const wealthOrders = pgTable(
  'wealth_orders',
  {
    id: serialId(),
    userId: belongsTo('user_id', () => users.id),
    productId: belongsTo('product_id', () => wealthProducts.id),
    currencyId: belongsTo('currency_id', () => currencies.id),
    amount: money('amount').notNull(),
    /** USDT value of one coin at purchase (the market index, or the operators' price). */
    price: money('price').notNull(),
    days: integer('days').notNull(),
    dailyRate: money('daily_rate').notNull(),
    penaltyRate: money('penalty_rate').notNull(),
    startDay: integer('start_day').notNull(),
    daysPaid: integer('days_paid').notNull().default(0),
    interestPaid: money('interest_paid').notNull().default('0'),
    status: text('status').$type<wealthApi.OrderState>().notNull().default('hosting'),
    damages: money('damages'),
    refund: money('refund'),
    paidAt: timestampTz('paid_at').notNull(),
    completedAt: timestampTz('completed_at'),
  },
  (t) => [
    index('wealth_orders_user').on(t.userId, t.status, t.id),
    index('wealth_orders_due').on(t.status, t.startDay),
    check('wealth_orders_status', sql`${t.status} IN ('hosting', 'completed', 'redeemed')`),
  ],
);

/** One day's interest of one order: the key (order, day) makes a repeated accrual run credit nothing. */
export const wealthAccruals = pgTable(
  'wealth_accruals',
  {
    orderId: belongsTo('order_id', () => wealthOrders.id),
    day: integer('day').notNull(),
    userId: integer('user_id').notNull(),
    amount: money('amount').notNull(),
    creditedAt: timestampTz('credited_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'wealth_accruals_pk', columns: [t.orderId, t.day] }),
    index('wealth_accruals_user').on(t.userId, t.day),
  ],
);
// ── end wealth ──

// ── operations: two-factor sign-in, user security, proof of liabilities ──

/**
 * An operator's TOTP secret (RFC 6238), encrypted with AES-256-GCM under a key derived from
 * `CONSOLE_SECRET_KEY` (lib/totp.ts). `enabledAt` null: enrolment started, not yet confirmed with a code.
 * `lastStep` is the last time step accepted, so a code is never accepted twice.
 */
export const operatorTotp = pgTable('operator_totp', {
  adminId: integer('admin_id')
    .primaryKey()
    .references(() => admins.id, { onDelete: 'cascade' }),
  secretEnc: text('secret_enc').notNull(),
  enabledAt: timestampTz('enabled_at'),
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
});

/** Wrong TOTP codes, counted per operator for the rate limit (5 in 15 minutes). */
export const operatorTotpFailures = pgTable(
  'operator_totp_failures',
  {
    id: serialId(),
    adminId: belongsTo('admin_id', () => admins.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('operator_totp_failures_admin').on(t.adminId, t.createdAt)],
);

/** Every sign-in attempt on a known account, successful or not, for the user's login history. */
export const loginHistory = pgTable(
  'login_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** 'ok', 'wrong_password' or 'frozen'. */
    result: text('result').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_history_user').on(t.userId, t.id)],
);

/** A user's anti-phishing code: shown in every e-mail we send them, so a forged e-mail lacks it. */
export const userAntiPhishing = pgTable('user_anti_phishing', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  code: text('code').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Proof-of-liabilities snapshots (docs/security.md): one a UTC day on schedule, and another whenever a
 * super operator rebuilds it; a day's newest is the one published. Older ones stay, so none is rewritten.
 */
export const proofSnapshots = pgTable(
  'proof_snapshots',
  {
    id: serialId(),
    day: text('day').notNull(),
    userCount: integer('user_count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('proof_snapshots_day').on(t.day, t.id)],
);

/** The Merkle sum tree's root per currency of a snapshot: what is published. */
export const proofRoots = pgTable(
  'proof_roots',
  {
    snapshotId: belongsTo('snapshot_id', () => proofSnapshots.id),
    currencyId: belongsTo('currency_id', () => currencies.id),
    root: text('root').notNull(),
    /** Sum of every leaf, in the coin's smallest units (an integer string). */
    totalUnits: text('total_units').notNull(),
    leafCount: integer('leaf_count').notNull(),
  },
  (t) => [primaryKey({ name: 'proof_roots_pk', columns: [t.snapshotId, t.currencyId] })],
);

/** The leaves: one per (user, currency) with a positive balance, in tree order (`position`). */
export const proofLeaves = pgTable(
  'proof_leaves',
  {
    snapshotId: belongsTo('snapshot_id', () => proofSnapshots.id),
    currencyId: integer('currency_id').notNull(),
    position: integer('position').notNull(),
    userId: integer('user_id').notNull(),
    nonce: text('nonce').notNull(),
    units: text('units').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    primaryKey({ name: 'proof_leaves_pk', columns: [t.snapshotId, t.currencyId, t.position] }),
    index('proof_leaves_user').on(t.userId, t.snapshotId),
  ],
);
// ── end operations ──

// ── options: time-based options (microtrade/*) and the per-second index samples ──
/**
 * The index price per pair per second, as the market stream published it: the last index price of the
 * second with the moment it was set (`price_time`, ms; earlier than the second when the price stood
 * unchanged through it). Written by modules/index-samples once a second is over, never edited; option
 * settlements read their delivery price from here, so any settlement can be re-checked later. No
 * foreign key, like candles: one row per pair per second is written in bulk.
 */
export const indexSamples = pgTable(
  'index_samples',
  {
    pairId: integer('pair_id').notNull(),
    second: bigint('second', { mode: 'number' }).notNull(),
    price: money('price').notNull(),
    priceTime: bigint('price_time', { mode: 'number' }).notNull(),
    /** The feed that produced it: 'simulated' (demo data) or 'binance'. */
    source: text('source').notNull(),
    /** The venue prices the index was built from: [{venue, price, time}] (docs/index-record.md). */
    constituents: jsonb('constituents').$type<{ venue: string; price: string; time: number }[]>().notNull().default([]),
    /** The second had no tick of its own: the price that stood through it (at most 2 s old). */
    carried: boolean('carried').notNull().default(false),
    /** The hash chain per pair and UTC day: the previous sample's hash (or the day's genesis) and this one's. */
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [primaryKey({ name: 'index_samples_pk', columns: [t.pairId, t.second] })],
);

/**
 * The index record's minute checkpoints: per pair and minute that holds samples, the chain hash at the
 * minute's end and how many samples it holds. A day's head is the hash over its minutes in order, so a
 * sample is checked with its minute (≤ 60 hashes). Kept for ever, unlike the samples (pruned after 30
 * days but for the minutes an option used), so a day's head stays reproducible.
 */
export const indexMinuteHeads = pgTable(
  'index_minute_heads',
  {
    pairId: integer('pair_id').notNull(),
    /** The minute's first unix second. */
    minute: bigint('minute', { mode: 'number' }).notNull(),
    lastSecond: bigint('last_second', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
    samples: integer('samples').notNull(),
  },
  (t) => [primaryKey({ name: 'index_minute_heads_pk', columns: [t.pairId, t.minute] })],
);

/**
 * Option delivery times operators offer: ratios in percent (profit 85 pays stake × 1.85 on a win; loss
 * 100 returns nothing on a loss), stake limits in the stake coin. An order copies them at purchase.
 */
export const optionSeconds = pgTable(
  'option_seconds',
  {
    id: serialId(),
    seconds: integer('seconds').notNull(),
    profitRatio: money('profit_ratio').notNull(),
    lossRatio: money('loss_ratio').notNull(),
    minStake: money('min_stake').notNull(),
    maxStake: money('max_stake').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('option_seconds_seconds').on(t.seconds),
    check('option_seconds_positive', sql`${t.seconds} > 0 AND ${t.seconds} <= 86400`),
    check('option_seconds_ratios', sql`${t.profitRatio} >= 0 AND ${t.lossRatio} >= 0 AND ${t.lossRatio} <= 100`),
    check('option_seconds_limits', sql`${t.minStake} > 0 AND ${t.maxStake} >= ${t.minStake}`),
  ],
);

/**
 * Option orders. Direction 1 up, 2 down. `open_second` is the second the purchase committed in; the open
 * price is that second's recorded index sample, filled once the sampler makes the second final (null until
 * then). The order delivers at the end of `delivery_second` with the recorded sample of exactly that second
 * (`end_second` = `delivery_second`). A second with no sample, or a sample from another price source than
 * `source` (the feed the order was bought on), voids the order: status 'void', the stake returned in full
 * (`payout` = stake), `void_reason` one of no_sample_open, no_sample_delivery, source_changed.
 * `result` -1 loss, 0 flat, 1 win; `payout` is what returned to the option account.
 * Orders bought before these rules have no `open_second`/`source` (their open price is the tick at purchase).
 */
export const optionOrders = pgTable(
  'option_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    pairId: belongsTo('pair_id', () => pairs.id),
    currencyId: belongsTo('currency_id', () => currencies.id),
    direction: smallint('direction').notNull(),
    seconds: integer('seconds').notNull(),
    profitRatio: money('profit_ratio').notNull(),
    lossRatio: money('loss_ratio').notNull(),
    stake: money('stake').notNull(),
    openPrice: money('open_price'),
    openPriceTime: bigint('open_price_time', { mode: 'number' }),
    openedAt: bigint('opened_at', { mode: 'number' }).notNull(),
    openSecond: bigint('open_second', { mode: 'number' }),
    /** The price source the order was bought on (index_samples.source): it settles on no other. */
    source: text('source'),
    voidReason: text('void_reason'),
    deliverySecond: bigint('delivery_second', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('open'),
    result: smallint('result'),
    payout: money('payout'),
    endPrice: money('end_price'),
    endPriceTime: bigint('end_price_time', { mode: 'number' }),
    endSecond: bigint('end_second', { mode: 'number' }),
    settledAt: bigint('settled_at', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('option_orders_user').on(t.userId, t.status, t.id),
    index('option_orders_open').on(t.deliverySecond).where(sql`${t.status} = 'open'`),
    check('option_orders_direction', sql`${t.direction} IN (1, 2)`),
    check('option_orders_status', sql`${t.status} IN ('open', 'settled', 'void')`),
    check('option_orders_stake', sql`${t.stake} > 0`),
  ],
);
// ── end options ──

// ── perpetual contracts ──────────────────────────────────────────────────────────

/**
 * Contract rules per pair, edited by operators: `contract_size` (base coin per lot), the allowed
 * `multiples` and the lot presets the form offers, opening/closing fee rates (fractions of the notional)
 * and the maintenance margin rate (a fraction of the entry notional). Contracts trade on a pair only
 * while it has a row here and `pairs.open_lever` is set.
 */
export const contractSettings = pgTable(
  'contract_settings',
  {
    pairId: integer('pair_id')
      .primaryKey()
      .references(() => pairs.id),
    contractSize: money('contract_size').notNull(),
    multiples: jsonb('multiples').$type<number[]>().notNull(),
    lotPresets: jsonb('lot_presets').$type<number[]>().notNull(),
    openFeeRate: money('open_fee_rate').notNull(),
    closeFeeRate: money('close_fee_rate').notNull(),
    maintenanceMarginRate: money('maintenance_margin_rate').notNull(),
    maxLots: integer('max_lots').notNull().default(10000),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('contract_settings_size', sql`${t.contractSize} > 0`),
    check(
      'contract_settings_rates',
      sql`${t.openFeeRate} >= 0 AND ${t.openFeeRate} < 1 AND ${t.closeFeeRate} >= 0 AND ${t.closeFeeRate} < 1 AND ${t.maintenanceMarginRate} >= 0 AND ${t.maintenanceMarginRate} < 1`,
    ),
  ],
);

/**
 * Contract positions, the platform the counterparty. `entrusted` (a limit entry waiting for the index),
 * `holding`, `closed`, `cancelled`. The pair's rules are copied at submission, so a later change of
 * settings never alters an open position. Money in the pair's quote coin: `margin` (frozen in the
 * contract account), `open_fee`, `close_fee`, `profit` (realised, fee excluded, never below −margin).
 * Every price that decided something is stored with its index sample time: the entry (`open_price`,
 * `open_price_time`) and the exit (`close_price`, `close_price_time`).
 */
export const contractPositions = pgTable(
  'contract_positions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: belongsTo('user_id', () => users.id),
    pairId: belongsTo('pair_id', () => pairs.id),
    side: text('side').notNull(),
    entry: text('entry').notNull(),
    status: text('status').notNull(),
    lots: integer('lots').notNull(),
    multiple: integer('multiple').notNull(),
    contractSize: money('contract_size').notNull(),
    openFeeRate: money('open_fee_rate').notNull(),
    closeFeeRate: money('close_fee_rate').notNull(),
    maintenanceMarginRate: money('maintenance_margin_rate').notNull(),
    targetPrice: money('target_price'),
    openPrice: money('open_price'),
    openPriceTime: bigint('open_price_time', { mode: 'number' }),
    margin: money('margin').notNull(),
    openFee: money('open_fee').notNull(),
    stopProfitPrice: money('stop_profit_price'),
    stopLossPrice: money('stop_loss_price'),
    closePrice: money('close_price'),
    closePriceTime: bigint('close_price_time', { mode: 'number' }),
    closeFee: money('close_fee'),
    profit: money('profit'),
    closeReason: text('close_reason'),
    createdAt: createdAt(),
    openedAt: timestampTz('opened_at'),
    closedAt: timestampTz('closed_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('contract_positions_user').on(t.userId, t.status, t.id),
    index('contract_positions_open').on(t.pairId).where(sql`${t.status} IN ('entrusted', 'holding')`),
    check('contract_positions_side', sql`${t.side} IN ('long', 'short')`),
    check('contract_positions_entry', sql`${t.entry} IN ('market', 'limit')`),
    check('contract_positions_status', sql`${t.status} IN ('entrusted', 'holding', 'closed', 'cancelled')`),
    check('contract_positions_lots', sql`${t.lots} >= 1 AND ${t.multiple} >= 1`),
  ],
);
// ── end perpetual contracts ──

/**
 * Maker–checker (modules/approvals): a money move or address change one operator asked for (the maker),
 * waiting for a second operator (the checker) to approve or reject it. `subject` names the record the
 * request is about (a deposit, a withdrawal, the deposit addresses) so at most one waits per record.
 */
export const pendingApprovals = pgTable(
  'pending_approvals',
  {
    id: serialId(),
    kind: text('kind').notNull(),
    target: text('target').notNull(),
    subject: text('subject'),
    payload: jsonb('payload').notNull(),
    makerId: integer('maker_id').notNull(),
    createdAt: createdAt(),
    status: reviewStatus(),
    checkerId: integer('checker_id'),
    decidedAt: timestampTz('decided_at'),
    note: text('note'),
  },
  (t) => [
    index('pending_approvals_status').on(t.status, t.id),
    uniqueIndex('pending_approvals_subject').on(t.subject).where(sql`status = 'pending'`),
  ],
);
