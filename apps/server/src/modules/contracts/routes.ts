import { contractsApi } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import type { Pair } from '../../market/pairs.js';
import { routeGroup, signedIn, superOnly } from '../../plugins/route-group.js';
import { consoleContractSettings, updateContractSettings } from './settings.js';

const tags = ['contracts'];
const consoleTags = ['console: contracts'];

export async function contractRoutes(app: FastifyInstance) {
  const { market, contracts } = app;
  const user = routeGroup(app, tags, signedIn);
  // The product switch closes opening only (onRequest: before the body is validated, so everyone gets
  // product_disabled whatever they send). Seeing, closing, cancelling and setting stops on what a user
  // already holds never depend on it: switching contracts off must not trap anyone in a position.
  const opening = routeGroup(app, tags, { ...signedIn, product: 'contracts' });
  const operator = routeGroup(app, consoleTags, superOnly);

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
    return contracts.deal(userId, pair);
  };
  const dealSpec = {
    summary: 'A pair for contracts: rules, allowed multiples, lot presets, price, contract balance, open positions',
    reply: contractsApi.dealReply,
  };
  user.post('/lever/deal', {
    ...dealSpec,
    body: contractsApi.dealFields.optional(),
    handler: (request) => deal(request.body ?? {}, request.user!.id),
  });
  user.get('/lever/deal', {
    ...dealSpec,
    querystring: contractsApi.dealFields,
    handler: (request) => deal(request.query, request.user!.id),
  });

  opening.post('/lever/submit', {
    summary: 'Open a long or short (market at the index, or a limit entry), margin and fee from the contract account',
    body: contractsApi.submitBody,
    reply: contractsApi.positionReply,
    rateLimitPerMinute: 60,
    handler: async (request) => {
      const b = request.body;
      const pair = (await pairFrom(b, true))!;
      return contracts.submit(request.user!.id, {
        pair,
        side: b.type,
        market: b.status === 'market',
        share: b.share,
        multiple: b.multiple,
        targetPrice: b.target_price,
        stopProfit: b.target_profit_price,
        stopLoss: b.stop_loss_price,
      });
    },
  });

  user.getAndPost('/lever/my_trade', {
    summary: 'The user’s positions (status 0 entrusted, 1 holding, 3 closed, 4 cancelled), paged, with PnL total and risk rate',
    fields: contractsApi.myTradeFields,
    reply: contractsApi.myTradeReply,
    handler: async (request, q) =>
      contracts.myTrade(request.user!.id, { pair: await pairFrom(q, false), status: q.status }, q.page, q.limit),
  });

  user.post('/lever/close', {
    summary: 'Close a holding position at the index with the closing fee (an entrusted limit entry is cancelled)',
    body: contractsApi.closeBody,
    reply: contractsApi.positionReply,
    handler: (request) => contracts.closeByUser(request.user!.id, request.body.id),
  });

  user.post('/lever/cancel', {
    summary: 'Cancel an entrusted limit entry (its margin and fee return)',
    body: contractsApi.cancelBody,
    reply: contractsApi.positionReply,
    handler: (request) => contracts.cancelByUser(request.user!.id, request.body.id),
  });

  user.post('/lever/close_all', {
    summary: 'Close every holding position (type 0 all, 1 longs, 2 shorts; optionally of one pair)',
    body: contractsApi.closeAllBody,
    reply: contractsApi.closeAllReply,
    handler: async (request) => {
      const { type, ...q } = request.body;
      return contracts.closeAll(request.user!.id, { side: type === 'all' ? undefined : type, pair: await pairFrom(q, false) });
    },
  });

  user.post('/lever/setstop', {
    summary:
      'Set stop-profit and stop-loss of an open position (long: profit above entry and current price, loss below both; short mirrored). Both are replaced; at least one is required.',
    body: contractsApi.setStopBody,
    reply: contractsApi.positionReply,
    handler: async (request) =>
      await contracts.setStops(request.user!.id, request.body.id, {
        stopProfit: request.body.target_profit_price,
        stopLoss: request.body.stop_loss_price,
      }),
  });

  // ── console: rules per pair, and a read-only list of positions (no operator action changes a result)

  operator.get('/admin/contracts/settings', {
    summary: 'Contract rules of every pair',
    reply: contractsApi.settingsReply,
    handler: () => consoleContractSettings(app),
  });

  operator.post('/admin/contracts/settings', {
    summary: 'Set a pair’s contract rules (new positions only; audited as contract_settings.set)',
    body: contractsApi.setSettingsBody,
    reply: contractsApi.setSettingsReply,
    // The pair was looked up before the change and the list it is found in again is the same pairs: its
    // row is always there.
    handler: async (request) => (await updateContractSettings(app, request, request.body))!,
  });

  operator.get('/admin/contracts/positions', {
    summary: 'Positions, open ones by default (read-only)',
    querystring: contractsApi.positionsQuery,
    reply: contractsApi.positionsReply,
    handler: (request) => {
      const q = request.query;
      return contracts.consolePositions({ pairId: q.pair_id, userId: q.user_id, status: q.status }, q.page, q.limit);
    },
  });
}
