import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  admins,
  areaCodes,
  chains,
  currencies,
  currencySettings,
  depositAddresses,
  operatorTotp,
  pairs,
  settings,
  users,
} from '../db/schema.js';
import { postEntry } from '../ledger/ledger.js';
import { base58CheckEncode } from '../lib/chain-address.js';
import { hashPassword, newInviteCode } from '../lib/secrets.js';
import { base32Decode, sealSecret } from '../lib/totp.js';
// perpetual contracts: default rules per pair
import { seedContractDefaults } from '../modules/contracts/repo.js';
// help centre: the starting FAQ
import { seedHelpCentre } from '../modules/help/faq-seed.js';
// options: default delivery times
import { seedOptionDefaults } from '../modules/options/defaults.js';
// wealth: starting financial products
import { seedWealthProducts } from '../modules/wealth/seed.js';

/** Bumped whenever the reference data below changes, so a restart skips a seed it already has. */
const SEED_VERSION = 5;

/** The spec's base coins (section 3) with their ids, and the chains each can be deposited on. */
export const BASE_COINS = [
  { id: 1, name: 'BTC', fullName: 'Bitcoin', decimals: 8, sort: 1, chains: ['OMNI'] },
  { id: 2, name: 'ETH', fullName: 'Ethereum', decimals: 8, sort: 2, chains: ['ERC20'] },
  { id: 3, name: 'USDT', fullName: 'Tether USD', decimals: 6, sort: 0, chains: ['TRC20', 'OMNI', 'ERC20'] },
  { id: 34, name: 'TRX', fullName: 'TRON', decimals: 6, sort: 3, chains: ['TRC20', 'ERC20'] },
] as const;

/**
 * Coins traded on spot only (no deposit chain is offered for them: the platform's chains are TRC20, ERC20
 * and OMNI). The id is the one a fresh install gives them; an install where another coin holds it gives
 * the next free one. Places follow the large exchanges' balances.
 */
export const SPOT_COINS = [
  { id: 35, name: 'SOL', fullName: 'Solana', decimals: 8, sort: 4, fallbackPrice: '150' },
  { id: 36, name: 'XRP', fullName: 'XRP', decimals: 6, sort: 5, fallbackPrice: '0.6' },
  { id: 37, name: 'BNB', fullName: 'BNB', decimals: 8, sort: 6, fallbackPrice: '580' },
  { id: 38, name: 'DOGE', fullName: 'Dogecoin', decimals: 8, sort: 7, fallbackPrice: '0.12' },
  { id: 39, name: 'ADA', fullName: 'Cardano', decimals: 6, sort: 8, fallbackPrice: '0.45' },
  { id: 40, name: 'LTC', fullName: 'Litecoin', decimals: 8, sort: 9, fallbackPrice: '80' },
  { id: 41, name: 'TON', fullName: 'Toncoin', decimals: 8, sort: 10, fallbackPrice: '5.5' },
] as const;

/**
 * Starting money rules per coin (operators change them in the console): deposit minimum, withdrawal
 * minimum and fee, and the USDT price used until the market feed prices the coin (labelled demo prices).
 */
export const CURRENCY_SETTINGS = [
  { currencyId: 3, depositMin: '10', withdrawMin: '10', withdrawFee: '1', fallbackPrice: '1' },
  { currencyId: 1, depositMin: '0.0005', withdrawMin: '0.001', withdrawFee: '0.0002', fallbackPrice: '60000' },
  { currencyId: 2, depositMin: '0.01', withdrawMin: '0.01', withdrawFee: '0.002', fallbackPrice: '3000' },
  { currencyId: 34, depositMin: '50', withdrawMin: '50', withdrawFee: '1', fallbackPrice: '0.12' },
];

/**
 * Demo platform deposit addresses, one per coin and chain, so a fresh install shows the deposit page
 * working. They are derived from a public label (a hash, not a key): nobody holds a key for them and
 * coins sent there are lost. Operators set the platform's real addresses in the console
 * (admin/deposit-addresses); the seed never overwrites one that is set.
 */
export function demoDepositAddress(coin: string, chain: string): string {
  const body = createHash('sha256').update(`h5-exchange demo deposit address: ${coin}-${chain}`).digest().subarray(0, 20);
  if (chain === 'TRC20') return base58CheckEncode(Buffer.concat([Buffer.from([0x41]), body]));
  if (chain === 'OMNI') return base58CheckEncode(Buffer.concat([Buffer.from([0x00]), body]));
  return `0x${body.toString('hex')}`;
}

/** What every seeded pair shares: the USDT quote, the fee rates and spot trading. */
const USDT_SPOT = { legalId: 3, makerFeeRate: '0.0008', takerFeeRate: '0.001', openCoinTrade: true };

/**
 * The spot pairs, all quoted in USDT (id 3). Rules follow the large exchanges: BTC and ETH priced to the
 * cent, TRX to 0.00001; fee rates are fractions (0.1 % taker, 0.08 % maker).
 */
export const PAIRS = [
  {
    id: 1,
    symbol: 'BTC/USDT',
    currencyId: 1,
    priceDecimals: 2,
    tickSize: '0.01',
    lotSize: '0.00001',
    minAmount: '0.0001',
    sort: 1,
  },
  {
    id: 2,
    symbol: 'ETH/USDT',
    currencyId: 2,
    priceDecimals: 2,
    tickSize: '0.01',
    lotSize: '0.0001',
    minAmount: '0.001',
    sort: 2,
  },
  { id: 3, symbol: 'TRX/USDT', currencyId: 34, priceDecimals: 5, tickSize: '0.00001', lotSize: '0.1', minAmount: '1', sort: 3 },
].map((p) => ({ ...p, ...USDT_SPOT, openLever: true, openMicrotrade: true }));

/**
 * The spot-only pairs of SPOT_COINS (no contracts or options on them), named by their base coin; the
 * ids follow the sequence. Ticks and lots are the large exchanges' for these prices.
 */
export const SPOT_PAIRS = [
  { coin: 'SOL', priceDecimals: 2, tickSize: '0.01', lotSize: '0.001', minAmount: '0.01', sort: 4 },
  { coin: 'XRP', priceDecimals: 4, tickSize: '0.0001', lotSize: '0.1', minAmount: '1', sort: 5 },
  { coin: 'BNB', priceDecimals: 2, tickSize: '0.01', lotSize: '0.001', minAmount: '0.01', sort: 6 },
  { coin: 'DOGE', priceDecimals: 5, tickSize: '0.00001', lotSize: '1', minAmount: '10', sort: 7 },
  { coin: 'ADA', priceDecimals: 4, tickSize: '0.0001', lotSize: '0.1', minAmount: '1', sort: 8 },
  { coin: 'LTC', priceDecimals: 2, tickSize: '0.01', lotSize: '0.001', minAmount: '0.01', sort: 9 },
  { coin: 'TON', priceDecimals: 3, tickSize: '0.001', lotSize: '0.01', minAmount: '0.1', sort: 10 },
].map((p) => ({ ...p, ...USDT_SPOT, openLever: false, openMicrotrade: false }));

/**
 * The market maker's ladder per seeded pair: levels per side, notional per side (USDT) and the best
 * quote's distance from the index (basis points). BTC/USDT carries the deepest book; the others scale
 * with their turnover. Operators change them per pair in the console.
 */
export const PAIR_LIQUIDITY: Record<string, { mmLevels: number; mmDepth: string; mmSpreadBps: number }> = {
  BTC: { mmLevels: 25, mmDepth: '300000', mmSpreadBps: 4 },
  ETH: { mmLevels: 25, mmDepth: '200000', mmSpreadBps: 5 },
  SOL: { mmLevels: 20, mmDepth: '100000', mmSpreadBps: 5 },
  XRP: { mmLevels: 20, mmDepth: '80000', mmSpreadBps: 5 },
  BNB: { mmLevels: 20, mmDepth: '80000', mmSpreadBps: 5 },
  DOGE: { mmLevels: 20, mmDepth: '60000', mmSpreadBps: 8 },
  TRX: { mmLevels: 20, mmDepth: '50000', mmSpreadBps: 8 },
  ADA: { mmLevels: 20, mmDepth: '50000', mmSpreadBps: 8 },
  LTC: { mmLevels: 20, mmDepth: '50000', mmSpreadBps: 8 },
  TON: { mmLevels: 20, mmDepth: '40000', mmSpreadBps: 10 },
};

/**
 * The operator's market-making account (modules/spot/market-maker.ts): an ordinary user row marked
 * `is_operator`, with an address that can receive no mail and a random password nobody knows, so
 * nobody signs in as it. Its starting balances come from the platform's 'house' account through the
 * ledger, like any credit; operators top it up or drain it with console adjustments.
 */
export const MARKET_MAKER_EMAIL = 'market-maker@operator.invalid';
export const MARKET_MAKER_FUNDS = [
  { currencyId: 3, amount: '10000000' },
  { currencyId: 1, amount: '100' },
  { currencyId: 2, amount: '2000' },
  { currencyId: 34, amount: '50000000' },
];

/** The market-making account's starting funds in SPOT_COINS (about 6 million USDT of each, like BTC's). */
export const SPOT_COIN_FUNDS: Record<string, string> = {
  SOL: '40000',
  XRP: '10000000',
  BNB: '10000',
  DOGE: '50000000',
  ADA: '13000000',
  LTC: '75000',
  TON: '1000000',
};

async function fundMarketMaker(tx: Db, userId: number, currencyId: number, amount: string): Promise<void> {
  await postEntry(tx, { reason: 'market_maker_funding', refType: 'user', refId: userId, memo: 'seeded market-making funds' }, [
    { account: { userId, kind: 'coin', currencyId }, bucket: 'available', amount },
    { account: { system: 'house', currencyId }, bucket: 'available', amount: `-${amount}` },
  ]);
}

/**
 * Version 5: the spot-only coins and their USDT pairs, the market maker's funds in them, and every seeded
 * pair's ladder (PAIR_LIQUIDITY, only where the pair has none). A coin or pair that already exists (an
 * operator listed it) is kept as it is.
 */
async function seedSpotPairs(tx: Db): Promise<void> {
  const [maker] = await tx.select({ id: users.id }).from(users).where(eq(users.email, MARKET_MAKER_EMAIL)).limit(1);
  for (const coin of SPOT_COINS) {
    const [named] = await tx.select({ id: currencies.id }).from(currencies).where(eq(currencies.name, coin.name)).limit(1);
    if (named) continue;
    const [taken] = await tx.select({ id: currencies.id }).from(currencies).where(eq(currencies.id, coin.id)).limit(1);
    const [top] = await tx.select({ max: sql<number>`max(${currencies.id})` }).from(currencies);
    const id = taken ? Number(top?.max ?? 0) + 1 : coin.id;
    await tx.insert(currencies).values({
      id,
      name: coin.name,
      fullName: coin.fullName,
      icon: `/static/coins/${coin.name.toLowerCase()}.svg`,
      decimals: coin.decimals,
      sort: coin.sort,
    });
    await tx
      .insert(currencySettings)
      .values({ currencyId: id, depositMin: '0', withdrawMin: '0', withdrawFee: '0', fallbackPrice: coin.fallbackPrice })
      .onConflictDoNothing();
    const rules = SPOT_PAIRS.find((p) => p.coin === coin.name)!;
    const { coin: _coin, ...pair } = rules;
    await tx
      .insert(pairs)
      .values({ ...pair, symbol: `${coin.name}/USDT`, currencyId: id })
      .onConflictDoNothing();
    if (maker) await fundMarketMaker(tx, maker.id, id, SPOT_COIN_FUNDS[coin.name]!);
  }
  const rows = await tx
    .select({ id: pairs.id, name: currencies.name })
    .from(pairs)
    .innerJoin(currencies, eq(currencies.id, pairs.currencyId))
    .where(and(eq(pairs.legalId, 3), isNull(pairs.mmLevels)));
  for (const row of rows) {
    const ladder = PAIR_LIQUIDITY[row.name];
    if (ladder) await tx.update(pairs).set(ladder).where(eq(pairs.id, row.id));
  }
}

async function seedMarketMaker(tx: Db): Promise<void> {
  const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, MARKET_MAKER_EMAIL)).limit(1);
  if (existing) return;
  const [row] = await tx
    .insert(users)
    .values({
      accountType: 'email',
      email: MARKET_MAKER_EMAIL,
      passwordHash: await hashPassword(randomBytes(32).toString('hex')),
      extensionCode: newInviteCode(10),
      isOperator: true,
    })
    .returning({ id: users.id });
  const userId = row!.id;
  for (const { currencyId, amount } of MARKET_MAKER_FUNDS) {
    await postEntry(tx, { reason: 'market_maker_funding', refType: 'user', refId: userId, memo: 'seeded market-making funds' }, [
      { account: { userId, kind: 'coin', currencyId }, bucket: 'available', amount },
      { account: { system: 'house', currencyId }, bucket: 'available', amount: `-${amount}` },
    ]);
  }
}

/** Dialling codes offered at registration: [ISO country, code, English name]. */
export const AREA_CODES: [string, string, string][] = [
  ['US', '1', 'United States'],
  ['CA', '1', 'Canada'],
  ['GB', '44', 'United Kingdom'],
  ['CN', '86', 'China'],
  ['HK', '852', 'Hong Kong'],
  ['MO', '853', 'Macao'],
  ['TW', '886', 'Taiwan'],
  ['JP', '81', 'Japan'],
  ['KR', '82', 'South Korea'],
  ['TH', '66', 'Thailand'],
  ['SG', '65', 'Singapore'],
  ['MY', '60', 'Malaysia'],
  ['ID', '62', 'Indonesia'],
  ['PH', '63', 'Philippines'],
  ['VN', '84', 'Vietnam'],
  ['IN', '91', 'India'],
  ['AU', '61', 'Australia'],
  ['NZ', '64', 'New Zealand'],
  ['DE', '49', 'Germany'],
  ['FR', '33', 'France'],
  ['ES', '34', 'Spain'],
  ['IT', '39', 'Italy'],
  ['NL', '31', 'Netherlands'],
  ['PT', '351', 'Portugal'],
  ['CH', '41', 'Switzerland'],
  ['SE', '46', 'Sweden'],
  ['PL', '48', 'Poland'],
  ['TR', '90', 'Turkey'],
  ['AE', '971', 'United Arab Emirates'],
  ['SA', '966', 'Saudi Arabia'],
  ['BR', '55', 'Brazil'],
  ['MX', '52', 'Mexico'],
  ['AR', '54', 'Argentina'],
  ['CO', '57', 'Colombia'],
  ['CL', '56', 'Chile'],
  ['PE', '51', 'Peru'],
  ['ZA', '27', 'South Africa'],
  ['NG', '234', 'Nigeria'],
  ['EG', '20', 'Egypt'],
  ['RU', '7', 'Russia'],
  ['UA', '380', 'Ukraine'],
];

export type SeedOptions = {
  adminEmail?: string;
  adminPassword?: string;
  log?: (line: string) => void;
  /**
   * Shows the generated first operator's password to the person starting the server, never in the log
   * (the server: lib/show-once.ts); default: standard error.
   */
  showSecret?: (secretLine: string, note: string) => void;
  // operations: ADMIN_TOTP_SECRET enrols the first operator's second factor, sealed with this key.
  adminTotpSecret?: string;
  secretKey?: Buffer;
};

/** Idempotent: safe to run at every start; adds what is missing and changes nothing a person edited. */
export async function seed(db: Db, options: SeedOptions = {}): Promise<void> {
  const log = options.log ?? ((line: string) => console.log(line));
  const [marker] = await db.select().from(settings).where(eq(settings.key, 'seed_version')).limit(1);
  if (marker?.value !== SEED_VERSION) await seedReference(db, typeof marker?.value === 'number' ? marker.value : 0);
  await seedFirstAdmin(db, options, log);
  // wealth: starting financial products, written once
  await seedWealthProducts(db);
  // options: default delivery times, written once
  await seedOptionDefaults(db);
  // perpetual contracts: default rules of the seeded pairs, added where missing
  await seedContractDefaults(db);
  // help centre: the starting FAQ, written once
  await seedHelpCentre(db);
}

/** `from`: the seed version the database had; data a version introduced is added once, when reaching it. */
async function seedReference(db: Db, from: number): Promise<void> {
  // Version 2 brought the money rules and the demo deposit addresses; an operator who later removes
  // one must not see it come back at the next seed.
  const moneyDefaults = from < 2;
  await db.transaction(async (tx) => {
    for (const coin of BASE_COINS) {
      await tx
        .insert(currencies)
        .values({
          id: coin.id,
          name: coin.name,
          fullName: coin.fullName,
          icon: `/static/coins/${coin.name.toLowerCase()}.svg`,
          decimals: coin.decimals,
          sort: coin.sort,
        })
        .onConflictDoNothing();
      for (const chain of coin.chains) {
        await tx.insert(chains).values({ currencyId: coin.id, name: chain }).onConflictDoNothing();
        if (!moneyDefaults) continue;
        const [row] = await tx
          .select({ id: chains.id })
          .from(chains)
          .where(and(eq(chains.currencyId, coin.id), eq(chains.name, chain)))
          .limit(1);
        await tx
          .insert(depositAddresses)
          .values({ chainId: row!.id, address: demoDepositAddress(coin.name, chain) })
          .onConflictDoNothing();
      }
    }
    if (moneyDefaults) await tx.insert(currencySettings).values(CURRENCY_SETTINGS).onConflictDoNothing();
    // Version 3 brought the trading pairs, with fixed ids (the spec's clients name pairs by id); the
    // sequence then continues after them for pairs operators add.
    if (from < 3) {
      await tx.insert(pairs).values(PAIRS).onConflictDoNothing();
      await tx.execute(sql`SELECT setval(pg_get_serial_sequence('pairs', 'id'), (SELECT max(id) FROM pairs))`);
    }
    // Version 4 brought the market-making account and its seeded balances.
    if (from < 4) await seedMarketMaker(tx);
    // Version 5 brought the spot-only pairs and the market maker's ladder per pair.
    if (from < 5) await seedSpotPairs(tx);
    await tx
      .insert(areaCodes)
      .values(AREA_CODES.map(([country, areaCode, name], i) => ({ country, areaCode, name, sort: i })))
      .onConflictDoNothing();
    await tx
      .insert(settings)
      .values({ key: 'seed_version', value: SEED_VERSION })
      .onConflictDoUpdate({ target: settings.key, set: { value: SEED_VERSION, updatedAt: new Date() } });
  });
}

/**
 * The first operator: from ADMIN_EMAIL/ADMIN_PASSWORD, or, when neither is given and no operator
 * exists, admin@localhost with a random password printed once.
 */
async function seedFirstAdmin(db: Db, options: SeedOptions, log: (line: string) => void): Promise<void> {
  if (options.adminEmail && options.adminPassword) {
    const email = options.adminEmail.toLowerCase();
    const [existing] = await db.select({ id: admins.id }).from(admins).where(eq(admins.email, email)).limit(1);
    if (!existing)
      await db.insert(admins).values({ email, passwordHash: await hashPassword(options.adminPassword), role: 'super' });
    if (options.adminTotpSecret && options.secretKey) await seedAdminTotp(db, email, options.adminTotpSecret, options.secretKey);
    return;
  }
  const [row] = await db.select({ n: count() }).from(admins);
  if ((row?.n ?? 0) > 0) return;
  const password = randomBytes(12).toString('base64url');
  await db
    .insert(admins)
    .values({ email: 'admin@localhost', passwordHash: await hashPassword(password), role: 'super' })
    .onConflictDoNothing();
  const show =
    options.showSecret ??
    ((secretLine: string, note: string) => {
      process.stderr.write(`${secretLine}\n`);
      log(`${note} went to standard error, not to this log`);
    });
  show(
    `First console operator created: admin@localhost / ${password} (shown once; sign in at /admin/)`,
    'First console operator created: admin@localhost; its password',
  );
}

// operations
/** Enrols the first operator's TOTP secret (base32) unless they already have one; never replaces it. */
async function seedAdminTotp(db: Db, email: string, base32: string, key: Buffer): Promise<void> {
  const [admin] = await db.select({ id: admins.id }).from(admins).where(eq(admins.email, email)).limit(1);
  if (!admin) return;
  await db
    .insert(operatorTotp)
    .values({ adminId: admin.id, secretEnc: sealSecret(key, base32Decode(base32)), enabledAt: new Date() })
    .onConflictDoNothing();
}
