import { contractsApi, okReply } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../lib/reply.js';
import type { Pair } from '../../market/pairs.js';
import { consoleContractSettings, updateContractSettings } from './settings.js';

const tags = ['contracts'];
const consoleTags = ['console: contracts'];

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
    response: { 200: okReply(contractsApi.dealReply) },
  };
  app.post('/lever/deal', { ...user, schema: { ...dealSchema, body: contractsApi.dealFields.optional() } }, async (request) =>
    deal(request.body ?? {}, request.user!.id),
  );
  app.get('/lever/deal', { ...user, schema: { ...dealSchema, querystring: contractsApi.dealFields } }, async (request) =>
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
        body: contractsApi.submitBody,
        response: { 200: okReply(contractsApi.positionReply) },
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

  const myTradeSchema = {
    tags,
    summary: 'The user’s positions (status 0 entrusted, 1 holding, 3 closed, 4 cancelled), paged, with PnL total and risk rate',
    response: { 200: okReply(contractsApi.myTradeReply) },
  };
  const myTrade = async (q: contractsApi.MyTradeFields, userId: number) =>
    ok(await contracts.myTrade(userId, { pair: await pairFrom(q, false), status: q.status }, q.page, q.limit));
  app.post('/lever/my_trade', { ...user, schema: { ...myTradeSchema, body: contractsApi.myTradeFields } }, async (request) =>
    myTrade(request.body, request.user!.id),
  );
  app.get(
    '/lever/my_trade',
    { ...user, schema: { ...myTradeSchema, querystring: contractsApi.myTradeFields } },
    async (request) => myTrade(request.query, request.user!.id),
  );

  app.post(
    '/lever/close',
    {
      ...user,
      schema: {
        tags,
        summary: 'Close a holding position at the index with the closing fee (an entrusted limit entry is cancelled)',
        body: contractsApi.closeBody,
        response: { 200: okReply(contractsApi.positionReply) },
      },
    },
    async (request) => ok(await contracts.closeByUser(request.user!.id, request.body.id)),
  );

  app.post(
    '/lever/cancel',
    {
      ...user,
      schema: {
        tags,
        summary: 'Cancel an entrusted limit entry (its margin and fee return)',
        body: contractsApi.cancelBody,
        response: { 200: okReply(contractsApi.positionReply) },
      },
    },
    async (request) => ok(await contracts.cancelByUser(request.user!.id, request.body.id)),
  );

  app.post(
    '/lever/close_all',
    {
      ...user,
      schema: {
        tags,
        summary: 'Close every holding position (type 0 all, 1 longs, 2 shorts; optionally of one pair)',
        body: contractsApi.closeAllBody,
        response: { 200: okReply(contractsApi.closeAllReply) },
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
        body: contractsApi.setStopBody,
        response: { 200: okReply(contractsApi.positionReply) },
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
    {
      ...operator,
      schema: {
        tags: consoleTags,
        summary: 'Contract rules of every pair',
        response: { 200: okReply(contractsApi.settingsReply) },
      },
    },
    async () => ok(await consoleContractSettings(app)),
  );

  app.post(
    '/admin/contracts/settings',
    {
      ...operator,
      schema: {
        tags: consoleTags,
        summary: 'Set a pair’s contract rules (new positions only; audited as contract_settings.set)',
        body: contractsApi.setSettingsBody,
        response: { 200: okReply(contractsApi.setSettingsReply) },
      },
    },
    // The pair was looked up before the change and the list it is found in again is the same pairs: its
    // row is always there.
    async (request) => ok((await updateContractSettings(app, request, request.body))!),
  );

  app.get(
    '/admin/contracts/positions',
    {
      ...operator,
      schema: {
        tags: consoleTags,
        summary: 'Positions, open ones by default (read-only)',
        querystring: contractsApi.positionsQuery,
        response: { 200: okReply(contractsApi.positionsReply) },
      },
    },
    async (request) => {
      const q = request.query;
      return ok(await contracts.consolePositions({ pairId: q.pair_id, userId: q.user_id, status: q.status }, q.page, q.limit));
    },
  );
}
