import { resolve } from 'node:path';
import { PLAIN_DECIMAL } from '@app/shared';
import { FEED_KINDS, type FeedKind } from './market/feed.js';
import { indexFeedConfig } from './market/index/index-config.js';
import type { IndexFeedOptions } from './market/index/index-feed.js';
import { DEFAULT_MARKET_MAKER, type MarketMakerConfig } from './modules/spot/market-maker.js';
import { type UploadStorageConfig, uploadStorageConfig } from './modules/uploads/storage-config.js';

/** Everything the process reads from its environment, parsed once (README lists each variable). */
export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * Where uploaded images' bytes live (UPLOAD_STORAGE, S3_*): the database when DATABASE_URL is set,
   * an S3-compatible bucket when S3_BUCKET is, else DATA_DIR/uploads (modules/uploads/storage.ts).
   */
  uploads: UploadStorageConfig;
  /**
   * PostgreSQL as the tables' owner, for migrations only (MIGRATE_DATABASE_URL). Set, the server migrates
   * through it, grants DATABASE_URL's role what it needs and serves as that role (db/app-role.ts).
   */
  migrateDatabaseUrl: string | undefined;
  /** Run the embedded database on a worker thread of its own (PGLITE_THREAD=0: on the request thread). */
  pgliteThread: boolean;
  redisUrl: string | undefined;
  /**
   * Market data source: the built-in simulation (demo data), Binance's public feed, the multi-venue
   * index (the production source, docs/index.md), or none.
   */
  marketFeed: FeedKind;
  /** Seed of the simulated feed's history (backfill, gap fill); its live seconds never follow it. */
  marketSeed: string;
  /**
   * NODE_ENV=production: the simulated feed is refused unless `allowDemoPrices` (market/demo-guard.ts);
   * no development outbox, and every message channel needs a provider.
   */
  production: boolean;
  /** ALLOW_DEMO_PRICES=1: a production server may run on the simulated feed (a labelled demo). */
  allowDemoPrices: boolean;
  /**
   * Start even though the price source (MARKET_FEED, or MARKET_SEED of the simulated feed) changed while
   * options are open, voiding them with their stakes returned (VOID_OPEN_OPTIONS_ON_SOURCE_CHANGE=1);
   * otherwise such a start is refused (market/source-guard.ts).
   */
  voidOpenOptionsOnSourceChange: boolean;
  /** Days of 1-minute candles a fresh start backfills (whole UTC days before today, plus today). */
  marketHistoryDays: number;
  /** Days of daily candles a fresh start backfills. */
  marketDailyHistoryDays: number;
  /** Most missing minutes a restart fills (older downtime stays a gap in the chart). */
  marketGapFillMaxMinutes: number;
  /** Base URLs of the exchange adapter (MARKET_FEED=binance); tests point them at a local replay server. */
  marketRestUrl: string;
  marketWsUrl: string;
  /** The multi-venue index (MARKET_FEED=index): venues, URLs and the methodology's limits. */
  marketIndex: IndexFeedOptions | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** SMS through a Twilio-compatible Messages API (notify/twilio-sms.ts); undefined: none configured. */
  sms: SmsSettings | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  logLevel: string;
  tokenTtlHours: number;
  /** Serve the built H5 app and console (off in API tests). */
  serveStatic: boolean;
  /** Per-IP requests a minute across the API. */
  rateLimitPerMinute: number;
  /** Verification codes one IP may request an hour; each target is limited separately (codes service). */
  codesPerIpHour: number;
  /** Requests not answered within this many ms get a clear timeout reply (spec: 60 s). */
  requestTimeoutMs: number;
  /** Trust X-Forwarded-For from a reverse proxy. */
  trustProxy: boolean;
  /** REPLY_CHECK=1: every reply is checked against its route's reply schema (tests; lib/reply-contract.ts). */
  replyCheck: boolean;
  /** Withdrawal requests one user may make per UTC day (spec section 9: 3). */
  withdrawDailyLimit: number;
  /** The operator's market maker quotes the spot books while the feed runs (MARKET_MAKER=0: off). */
  marketMakerEnabled: boolean;
  marketMaker: MarketMakerConfig;
  // operations
  /** Base32 TOTP secret enrolled for the first operator (ADMIN_EMAIL) at seed, when it has none yet. */
  adminTotpSecret: string | undefined;
  /** Encrypts operators' TOTP secrets at rest; without it a random key is kept in DATA_DIR. */
  consoleSecretKey: string | undefined;
  /** Build the day's proof-of-liabilities snapshot on a daily schedule (PROOF_JOB=0: off). */
  proofJobEnabled: boolean;
  // cluster: several nodes on one PostgreSQL and one Redis (both URLs set)
  /** This node's name in the cluster (NODE_ID; default a random id per process). */
  nodeId: string | undefined;
  /** Prefix of every Redis key and channel the cluster uses (REDIS_PREFIX; one per deployment). */
  redisPrefix: string;
  /** A forwarded order, cancel or contract command waits this long for the owning node (ms). */
  forwardTimeoutMs: number;
  /**
   * Bearer token guarding `GET /metrics` (METRICS_TOKEN, at least 16 characters). Unset: there is no
   * metrics route and nothing is measured.
   */
  metricsToken: string | undefined;
};

const int = (value: string | undefined, fallback: number) => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

export type SmsSettings = { baseUrl: string; accountSid: string; authToken: string; from: string };

const SMS_KEYS = ['SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_FROM'] as const;

/** All three SMS settings or none: a half-configured provider must not quietly fall back to the outbox. */
function smsSettings(env: NodeJS.ProcessEnv): SmsSettings | undefined {
  const missing = SMS_KEYS.filter((k) => !env[k]);
  if (missing.length === SMS_KEYS.length) return undefined;
  if (missing.length) throw new Error(`SMS provider: set ${missing.join(', ')} (the other SMS settings are set)`);
  return {
    baseUrl: env.SMS_API_URL || 'https://api.twilio.com',
    accountSid: env.SMS_ACCOUNT_SID!,
    authToken: env.SMS_AUTH_TOKEN!,
    from: env.SMS_FROM!,
  };
}

/**
 * In production verification codes must reach only their owner: the development outbox (readable by
 * operators) does not exist there, so each channel needs its provider or the server does not start.
 */
function requireProviders(config: Pick<Config, 'production' | 'smtpUrl' | 'sms'>): void {
  if (!config.production) return;
  if (!config.smtpUrl) throw new Error('NODE_ENV=production needs an e-mail provider: set SMTP_URL');
  if (!config.sms) throw new Error(`NODE_ENV=production needs an SMS provider: set ${SMS_KEYS.join(', ')}`);
}

/**
 * In production on PostgreSQL the server serves as a role that owns no table, so that not even the server
 * can ALTER, TRUNCATE or untrigger the audit log: the owner's URL is for the migrations only.
 */
function requireOwnerlessRole(config: Pick<Config, 'production' | 'databaseUrl' | 'migrateDatabaseUrl'>): void {
  if (!config.production || !config.databaseUrl || config.migrateDatabaseUrl) return;
  throw new Error(
    'NODE_ENV=production on PostgreSQL serves as a role that owns no table: set MIGRATE_DATABASE_URL to the ' +
      "tables' owner (it runs the migrations) and DATABASE_URL to the serving role (docs/operations.md, Database roles)",
  );
}

/** A misspelt feed must not quietly fall back to another source of prices. */
function feedKind(value: string | undefined): FeedKind {
  if (!value) return 'simulated';
  if ((FEED_KINDS as readonly string[]).includes(value)) return value as FeedKind;
  throw new Error(`MARKET_FEED must be one of ${FEED_KINDS.join(', ')} (got "${value}")`);
}

/** A guessable scrape token would expose the exchange's figures: a short one stops the start. */
function metricsToken(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (value.length < 16) throw new Error('METRICS_TOKEN must be at least 16 characters long');
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const marketFeed = feedKind(env.MARKET_FEED);
  const marketRestUrl = env.MARKET_REST_URL || 'https://api.binance.com';
  const config: Config = {
    port: int(env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    uploads: uploadStorageConfig(env),
    migrateDatabaseUrl: env.MIGRATE_DATABASE_URL || undefined,
    pgliteThread: env.PGLITE_THREAD !== '0',
    redisUrl: env.REDIS_URL || undefined,
    marketFeed,
    marketSeed: env.MARKET_SEED || 'h5-exchange',
    production: env.NODE_ENV === 'production',
    allowDemoPrices: env.ALLOW_DEMO_PRICES === '1',
    voidOpenOptionsOnSourceChange: env.VOID_OPEN_OPTIONS_ON_SOURCE_CHANGE === '1',
    marketHistoryDays: int(env.MARKET_HISTORY_DAYS, 30),
    marketDailyHistoryDays: int(env.MARKET_DAILY_HISTORY_DAYS, 730),
    marketGapFillMaxMinutes: int(env.MARKET_GAP_FILL_MAX_MINUTES, 3 * 1440),
    marketRestUrl,
    marketWsUrl: env.MARKET_WS_URL || 'wss://stream.binance.com:9443',
    // Read (and checked) only for the index feed: other feeds start without its settings.
    marketIndex: marketFeed === 'index' ? indexFeedConfig(env, marketRestUrl) : undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'no-reply@localhost',
    sms: smsSettings(env),
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    tokenTtlHours: int(env.TOKEN_TTL_HOURS, 24 * 7),
    serveStatic: env.SERVE_STATIC !== '0',
    rateLimitPerMinute: int(env.RATE_LIMIT_PER_MINUTE, 600),
    codesPerIpHour: int(env.CODES_PER_IP_HOUR, 30),
    requestTimeoutMs: int(env.REQUEST_TIMEOUT_MS, 60_000),
    trustProxy: env.TRUST_PROXY === '1',
    replyCheck: env.REPLY_CHECK === '1',
    withdrawDailyLimit: int(env.WITHDRAW_DAILY_LIMIT, 3),
    marketMakerEnabled: env.MARKET_MAKER !== '0',
    marketMaker: {
      levels: int(env.MM_LEVELS, DEFAULT_MARKET_MAKER.levels),
      spreadBps: int(env.MM_SPREAD_BPS, DEFAULT_MARKET_MAKER.spreadBps),
      stepBps: int(env.MM_STEP_BPS, DEFAULT_MARKET_MAKER.stepBps),
      levelQuote: PLAIN_DECIMAL.test(env.MM_LEVEL_QUOTE ?? '') ? env.MM_LEVEL_QUOTE! : DEFAULT_MARKET_MAKER.levelQuote,
      refreshBps: int(env.MM_REFRESH_BPS, DEFAULT_MARKET_MAKER.refreshBps),
      refreshMs: int(env.MM_REFRESH_MS, DEFAULT_MARKET_MAKER.refreshMs),
      staleMs: int(env.MM_STALE_MS, DEFAULT_MARKET_MAKER.staleMs),
    },
    // operations
    adminTotpSecret: env.ADMIN_TOTP_SECRET || undefined,
    consoleSecretKey: env.CONSOLE_SECRET_KEY || undefined,
    proofJobEnabled: env.PROOF_JOB !== '0',
    // cluster
    nodeId: env.NODE_ID || undefined,
    redisPrefix: env.REDIS_PREFIX || 'h5x',
    forwardTimeoutMs: int(env.FORWARD_TIMEOUT_MS, 5_000),
    metricsToken: metricsToken(env.METRICS_TOKEN),
  };
  requireProviders(config);
  requireOwnerlessRole(config);
  return config;
}
