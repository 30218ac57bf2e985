import { amountText, intId } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { idField } from '../../lib/fields.js';
import { pageFields } from '../../lib/paging.js';
import { ok } from '../../lib/reply.js';
import type { Pair } from '../../market/pairs.js';
import { consoleContractSettings, updateContractSettings } from './settings.js';

const tags = ['contracts'];
const consoleTags = ['console: contracts'];
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);
const need = (iss: { input?: unknown }) => (iss.input === undefined ? 'field_required' : 'field_invalid');
const coinId = intId('pair_unknown');
const pairFields = { legal_id: z.preprocess(blank, coinId.optional()), currency_id: z.preprocess(blank, coinId.optional()) };
/** Numbers stay text until the pair's rules check them (input.ts), so "1.5" lots is lots_invalid, not a cast. */
const numberText = amountText('field_invalid').optional();

/** 1 or "long", 2 or "short". */
const sideField = z.preprocess(
  (v) => {
    const t = lower(blank(v));
    if (t === undefined) return undefined;
    if (t === '1' || t === 1 || t === 'long' || t === 'buy') return 'long';
    if (t === '2' || t === 2 || t === 'short' || t === 'sell') return 'short';
    return 'unknown';
  },
  z.enum(['long', 'short'], { error: need }),
);
/** `status` of lever/submit: 1 market (default), 0 limit. */
const entryField = z.preprocess(
  (v) => {
    const t = lower(blank(v));
    if (t === undefined || t === '1' || t === 1 || t === 'market') return 'market';
    if (t === '0' || t === 0 || t === 'limit') return 'limit';
    return 'unknown';
  },
  z.enum(['market', 'limit'], { message: 'field_invalid' }),
);
/** `status` of lever/my_trade: 0 entrusted, 1 holding, 3 closed, 4 cancelled (names accepted too). */
const STATUS_BY_CODE: Record<string, 'entrusted' | 'holding' | 'closed' | 'cancelled'> = {
  '0': 'entrusted',
  '1': 'holding',
  '3': 'closed',
  '4': 'cancelled',
  entrusted: 'entrusted',
  holding: 'holding',
  closed: 'closed',
  cancelled: 'cancelled',
};
const statusField = z.preprocess((v) => {
  const t = lower(blank(v));
  return t === undefined ? undefined : (STATUS_BY_CODE[String(t)] ?? 'unknown');
}, z.enum(['entrusted', 'holding', 'closed', 'cancelled'], { message: 'field_invalid' }).optional());
/** close_all `type`: 0/empty all, 1 longs, 2 shorts. */
const closeSideField = z.preprocess(
  (v) => {
    const t = lower(blank(v));
    if (t === undefined || t === '0' || t === 0 || t === 'all') return 'all';
    if (t === '1' || t === 1 || t === 'long') return 'long';
    if (t === '2' || t === 2 || t === 'short') return 'short';
    return 'unknown';
  },
  z.enum(['all', 'long', 'short'], { message: 'field_invalid' }),
);
const idBody = z.object({ id: idField });

export async function contractRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { market, contracts } = app;
  const user = { preHandler: app.requireUser };
  // The product switch closes opening only (onRequest: before the body is validated, so everyone gets
  // product_disabled whatever they send). Seeing, closing, cancelling and setting stops on what a user
  // already holds never depend on it: switching contracts off must not trap anyone in a position.
  const opening = { ...user, onRequest: app.requireProduct('contracts') };
  const operator = { preHandler: app.requireAdmin };

  /** The pair named by legal_id + currency_id; without both, the first pair open for contracts. */
  const pairFrom = async (q: { legal_id?: number; currency_id?: number }, required: boolean): Promise<Pair | undefined> => {
    await market.ensurePairs();
    if (q.legal_id === undefined && q.currency_id === undefined) {
      if (required) throw new AppError('pair_unknown', { fields: { currency_id: 'pair_unknown' } });
      return undefined;
    }
    const pair = q.legal_id && q.currency_id ? market.pairOf(q.currency_id, q.legal_id) : undefined;
    if (!pair) throw new AppError('pair_unknown', { fields: { currency_id: 'pair_unknown' } });
    return pair;
  };

  const deal = async (q: { legal_id?: number; currency_id?: number }, userId: number) => {
    let pair = await pairFrom(q, false);
    if (!pair) {
      const first = (await contracts.openPairs())[0];
      if (!first) throw new AppError('lever_closed');
      pair = first;
    }
    return ok(await contracts.deal(userId, pair));
  };
  const dealSchema = {
    tags,
    summary: 'A pair for contracts: rules, allowed multiples, lot presets, price, contract balance, open positions',
  };
  app.post('/lever/deal', { ...user, schema: { ...dealSchema, body: z.object(pairFields).optional() } }, async (request) =>
    deal(request.body ?? {}, request.user!.id),
  );
  app.get('/lever/deal', { ...user, schema: { ...dealSchema, querystring: z.object(pairFields) } }, async (request) =>
    deal(request.query, request.user!.id),
  );

  app.post(
    '/lever/submit',
    {
      ...opening,
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Open a long or short (market at the index, or a limit entry), margin and fee from the contract account',
        body: z.object({
          legal_id: coinId,
          currency_id: coinId,
          type: sideField.describe('1 long, 2 short'),
          status: entryField.describe('1 market (default), 0 limit'),
          share: numberText.describe('lots: a whole number ≥ 1'),
          multiple: numberText.describe('one of the pair’s allowed multiples'),
          target_price: numberText.describe('limit entries: the price, on the pair tick'),
          target_profit_price: numberText.describe('optional stop-profit price'),
          stop_loss_price: numberText.describe('optional stop-loss price'),
        }),
      },
    },
    async (request) => {
      const b = request.body;
      const pair = (await pairFrom(b, true))!;
      return ok(
        await contracts.submit(request.user!.id, {
          pair,
          side: b.type,
          market: b.status === 'market',
          share: b.share,
          multiple: b.multiple,
          targetPrice: b.target_price,
          stopProfit: b.target_profit_price,
          stopLoss: b.stop_loss_price,
        }),
      );
    },
  );

  const myTradeFields = z.object({ ...pairFields, status: statusField, ...pageFields });
  const myTradeSchema = {
    tags,
    summary: 'The user’s positions (status 0 entrusted, 1 holding, 3 closed, 4 cancelled), paged, with PnL total and risk rate',
  };
  const myTrade = async (q: z.infer<typeof myTradeFields>, userId: number) =>
    ok(await contracts.myTrade(userId, { pair: await pairFrom(q, false), status: q.status }, q.page, q.limit));
  app.post('/lever/my_trade', { ...user, schema: { ...myTradeSchema, body: myTradeFields } }, async (request) =>
    myTrade(request.body, request.user!.id),
  );
  app.get('/lever/my_trade', { ...user, schema: { ...myTradeSchema, querystring: myTradeFields } }, async (request) =>
    myTrade(request.query, request.user!.id),
  );

  app.post(
    '/lever/close',
    {
      ...user,
      schema: {
        tags,
        summary: 'Close a holding position at the index with the closing fee (an entrusted limit entry is cancelled)',
        body: idBody,
      },
    },
    async (request) => ok(await contracts.closeByUser(request.user!.id, request.body.id)),
  );

  app.post(
    '/lever/cancel',
    { ...user, schema: { tags, summary: 'Cancel an entrusted limit entry (its margin and fee return)', body: idBody } },
    async (request) => ok(await contracts.cancelByUser(request.user!.id, request.body.id)),
  );

  app.post(
    '/lever/close_all',
    {
      ...user,
      schema: {
        tags,
        summary: 'Close every holding position (type 0 all, 1 longs, 2 shorts; optionally of one pair)',
        body: z.object({ type: closeSideField, ...pairFields }),
      },
    },
    async (request) => {
      const { type, ...q } = request.body;
      return ok(
        await contracts.closeAll(request.user!.id, { side: type === 'all' ? undefined : type, pair: await pairFrom(q, false) }),
      );
    },
  );

  app.post(
    '/lever/setstop',
    {
      ...user,
      schema: {
        tags,
        summary:
          'Set stop-profit and stop-loss of an open position (long: profit above entry and current price, loss below both; short mirrored). Both are replaced; at least one is required.',
        body: z.object({ id: idField, target_profit_price: numberText, stop_loss_price: numberText }),
      },
    },
    async (request) =>
      ok(
        await contracts.setStops(request.user!.id, request.body.id, {
          stopProfit: request.body.target_profit_price,
          stopLoss: request.body.stop_loss_price,
        }),
      ),
  );

  // ── console: rules per pair, and a read-only list of positions (no operator action changes a result)

  app.get(
    '/admin/contracts/settings',
    { ...operator, schema: { tags: consoleTags, summary: 'Contract rules of every pair' } },
    async () => ok(await consoleContractSettings(app)),
  );

  app.post(
    '/admin/contracts/settings',
    {
      ...operator,
      schema: {
        tags: consoleTags,
        summary: 'Set a pair’s contract rules (new positions only; audited as contract_settings.set)',
        body: z.object({
          pair_id: coinId,
          contract_size: numberText,
          multiples: z.union([z.string(), z.array(z.union([z.string(), z.number()]))]).optional(),
          lot_presets: z.union([z.string(), z.array(z.union([z.string(), z.number()]))]).optional(),
          open_fee_rate: numberText,
          close_fee_rate: numberText,
          maintenance_margin_rate: numberText,
          max_lots: numberText,
        }),
      },
    },
    async (request) => ok(await updateContractSettings(app, request, request.body)),
  );

  app.get(
    '/admin/contracts/positions',
    {
      ...operator,
      schema: {
        tags: consoleTags,
        summary: 'Positions, open ones by default (read-only)',
        querystring: z.object({
          pair_id: z.preprocess(blank, coinId.optional()),
          user_id: z.preprocess(blank, coinId.optional()),
          status: statusField,
          ...pageFields,
        }),
      },
    },
    async (request) => {
      const q = request.query;
      return ok(await contracts.consolePositions({ pairId: q.pair_id, userId: q.user_id, status: q.status }, q.page, q.limit));
    },
  );
}
