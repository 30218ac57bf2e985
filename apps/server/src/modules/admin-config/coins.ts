import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { chains, currencies, depositAddresses, deposits } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import { CHAIN_NAMES, isValidAddress } from '../../lib/chain-address.js';
import type { ApprovalRef } from '../approvals/apply-types.js';
import { type ApprovalTicket, requestApproval } from '../approvals/request.js';

/**
 * Coins and chains at runtime. Every read is fresh from the database (deposits,
 * withdrawals and `wallet/get_in_address` read the coin and its chains per request), so a change applies
 * to users at once without a restart. Each change is audited with before/after in its own transaction.
 */

const notFound = (field: string) => new AppError('not_found', { fields: { [field]: 'not_found' } });

async function lockCoin(tx: Db, id: number) {
  const [coin] = await tx.select().from(currencies).where(eq(currencies.id, id)).for('update');
  if (!coin) throw notFound('id');
  return coin;
}

/** The coin's chains with their deposit addresses, in the order they were added. */
async function chainsOf(tx: Db, currencyId: number) {
  return tx
    .select({ id: chains.id, name: chains.name, address: depositAddresses.address })
    .from(chains)
    .leftJoin(depositAddresses, eq(depositAddresses.chainId, chains.id))
    .where(eq(chains.currencyId, currencyId))
    .orderBy(asc(chains.id));
}

const chainNames = (list: { name: string }[]) => list.map((c) => c.name);

/**
 * Switches deposits and withdrawals of a coin on or off (docs/decisions.md "Disabled coins"): off, the
 * coin leaves the deposit and withdrawal choices and new requests are refused with `coin_disabled`;
 * balances, transfers, trading and the review of requests already made are unaffected. Enabling needs
 * a chain to deposit on.
 */
export async function setCoinEnabled(db: Db, request: FastifyRequest, id: number, enabled: boolean) {
  return db.transaction(async (tx) => {
    const before = await lockCoin(tx, id);
    if (enabled && !before.enabled && (await chainsOf(tx, id)).length === 0)
      throw new AppError('chain_last', { fields: { enabled: 'chain_last' } });
    if (before.enabled !== enabled) {
      await tx.update(currencies).set({ enabled }).where(eq(currencies.id, id));
      await audit(tx, request, 'config.coin.enabled', `currency:${before.name}`, { enabled: before.enabled }, { enabled });
    }
    return { id, name: before.name, enabled };
  });
}

/**
 * Adds a chain to a coin with the platform's deposit address on it. The name must be one of the chains
 * whose address format the server can check (`CHAIN_NAMES`), so every deposit address and every user's
 * withdrawal address on it is validated; the address must be well formed for that chain.
 */
export async function addChain(
  db: Db,
  request: FastifyRequest,
  id: number,
  input: { name: string; address: string },
): Promise<ApprovalTicket> {
  const name = input.name.trim().toUpperCase();
  const address = input.address.trim();
  const [coin] = await db.select().from(currencies).where(eq(currencies.id, id)).limit(1);
  if (!coin) throw notFound('id');
  if (!(CHAIN_NAMES as readonly string[]).includes(name))
    throw new AppError('chain_unknown', { fields: { name: 'chain_unknown' } });
  if (!isValidAddress(name, address)) throw new AppError('address_invalid', { fields: { address: 'address_invalid' } });
  if ((await chainsOf(db, id)).some((c) => c.name === name))
    throw new AppError('chain_exists', { fields: { name: 'chain_exists' } });
  // A new chain brings a deposit address users send money to: like any address change, four eyes.
  const subject = `chain:${coin.name}:${name}`;
  return requestApproval(db, request, {
    kind: 'config.chain.add',
    target: `currency:${coin.name}`,
    subject,
    payload: { currency_id: id, name, address },
  });
}

/** Adds an approved chain with its deposit address inside the checker's transaction, audited. */
export async function applyChainAdd(
  tx: Db,
  request: FastifyRequest,
  payload: { currency_id: number; name: string; address: string },
  approval: ApprovalRef,
) {
  const { currency_id: id, name, address } = payload;
  const coin = await lockCoin(tx, id);
  const before = await chainsOf(tx, id);
  if (before.some((c) => c.name === name)) throw new AppError('chain_exists', { fields: { name: 'chain_exists' } });
  const [row] = await tx.insert(chains).values({ currencyId: id, name }).returning({ id: chains.id });
  await tx.insert(depositAddresses).values({ chainId: row!.id, address });
  await audit(
    tx,
    request,
    'config.chain.add',
    `currency:${coin.name}`,
    { chains: chainNames(before) },
    { chains: [...chainNames(before), name], chain: name, address, approval_id: approval.id, maker_id: approval.makerId },
  );
  return { id, chain_id: row!.id, name, address };
}

/**
 * Removes a chain from a coin. Refused while deposits on it wait for review (`chain_in_use`: the
 * reviewer needs the chain the user named) and when it is the last chain of an enabled coin
 * (`chain_last`: disable the coin first). Users' address-book entries on it stay, but take no new
 * withdrawals (withdrawals check the coin's chains).
 */
export async function removeChain(db: Db, request: FastifyRequest, id: number, rawName: string) {
  const name = rawName.trim().toUpperCase();
  return db.transaction(async (tx) => {
    const coin = await lockCoin(tx, id);
    const before = await chainsOf(tx, id);
    const chain = before.find((c) => c.name === name);
    if (!chain) throw new AppError('chain_unknown', { fields: { name: 'chain_unknown' } });
    const [pending] = await tx
      .select({ n: count() })
      .from(deposits)
      .where(and(eq(deposits.currencyId, id), eq(deposits.chain, name), eq(deposits.status, 'pending')));
    if ((pending?.n ?? 0) > 0)
      throw new AppError('chain_in_use', { fields: { name: 'chain_in_use' }, values: { count: pending!.n } });
    if (coin.enabled && before.length === 1) throw new AppError('chain_last', { fields: { name: 'chain_last' } });
    await tx.delete(depositAddresses).where(eq(depositAddresses.chainId, chain.id));
    await tx.delete(chains).where(eq(chains.id, chain.id));
    await audit(
      tx,
      request,
      'config.chain.remove',
      `currency:${coin.name}`,
      { chains: chainNames(before), chain: name, address: chain.address },
      { chains: chainNames(before).filter((c) => c !== name) },
    );
    return { id, name, chains: chainNames(before).filter((c) => c !== name) };
  });
}
