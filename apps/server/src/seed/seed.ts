import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
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
const SEED_VERSION = 4;

/** The spec's base coins (section 3) with their ids, and the chains each can be deposited on. */
export const BASE_COINS = [
  { id: 1, name: 'BTC', fullName: 'Bitcoin', decimals: 8, sort: 1, chains: ['OMNI'] },
  { id: 2, name: 'ETH', fullName: 'Ethereum', decimals: 8, sort: 2, chains: ['ERC20'] },
  { id: 3, name: 'USDT', fullName: 'Tether USD', decimals: 6, sort: 0, chains: ['TRC20', 'OMNI', 'ERC20'] },
  { id: 34, name: 'TRX', fullName: 'TRON', decimals: 6, sort: 3, chains: ['TRC20', 'ERC20'] },
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
].map((p) => ({
  ...p,
  legalId: 3,
  makerFeeRate: '0.0008',
  takerFeeRate: '0.001',
  openCoinTrade: true,
  openLever: true,
  openMicrotrade: true,
}));

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
