import { adminConfigApi } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { auditActions } from '../../lib/audit.js';
import { routeGroup, superOnly } from '../../plugins/route-group.js';
import { addChain, removeChain, setCoinEnabled } from './coins.js';
import {
  applyStoredConfig,
  readConfig,
  updateCoin,
  updateMarketMaker,
  updatePairRules,
  updatePairSizes,
  updateWithdrawLimit,
} from './service.js';

const tags = ['console: configuration'];
const { idParams } = adminConfigApi;

/**
 * Runtime configuration: coins, pairs' rules, the withdrawal limit, the market maker
 * and the feed's status. Super only (no roles declared). Every change is audited with before/after and
 * applied to the running services at once; stored values are applied again at start.
 */
export async function adminConfigRoutes(app: FastifyInstance) {
  const operator = routeGroup(app, tags, superOnly);
  app.addHook('onReady', async () => {
    await applyStoredConfig(app).catch((error) => app.log.error({ err: error }, 'stored console configuration not applied'));
  });

  // The audit page's action list, from the log itself (SELECT DISTINCT), so new actions appear unaided.
  routeGroup(app, ['console: users and money'], superOnly).get('/admin/audit/actions', {
    summary: 'Actions in the audit log, with counts',
    reply: adminConfigApi.auditActionsReply,
    handler: () => auditActions(app.db),
  });

  operator.get('/admin/config', {
    summary: 'Coins, chains, pairs, limits, market maker and feed status',
    reply: adminConfigApi.configReply,
    handler: () => readConfig(app),
  });

  operator.post('/admin/config/coins/:id', {
    summary: "A coin's display name and order",
    params: idParams,
    body: adminConfigApi.coinBody,
    reply: adminConfigApi.coinReply,
    handler: (request) => updateCoin(app, request, request.params.id, request.body),
  });

  operator.post('/admin/config/pairs/:id', {
    summary:
      "A pair's fee rates, minimum order, market-order price band and market-maker ladder (tick and lot sizes: POST …/sizes)",
    params: idParams,
    body: adminConfigApi.pairRulesBody,
    reply: adminConfigApi.pairRulesReply,
    handler: (request) => updatePairRules(app, request, request.params.id, request.body),
  });

  operator.post('/admin/config/coins/:id/enabled', {
    summary: "Switch a coin's deposits and withdrawals on or off (balances stay; pending reviews complete)",
    params: idParams,
    body: adminConfigApi.coinEnabledBody,
    reply: adminConfigApi.coinEnabledReply,
    handler: (request) => setCoinEnabled(app.db, request, request.params.id, request.body.enabled),
  });

  operator.post('/admin/config/coins/:id/chains', {
    summary: 'Ask to add a chain (TRC20, ERC20 or OMNI) with the platform deposit address on it; a second super approves',
    params: idParams,
    body: adminConfigApi.addChainBody,
    reply: adminConfigApi.addChainReply,
    handler: (request) => addChain(app.db, request, request.params.id, request.body),
  });

  operator.post('/admin/config/coins/:id/chains/remove', {
    summary: "Remove a coin's chain (refused while deposits on it await review, or for an enabled coin's last chain)",
    params: idParams,
    body: adminConfigApi.removeChainBody,
    reply: adminConfigApi.removeChainReply,
    handler: (request) => removeChain(app.db, request, request.params.id, request.body.name),
  });

  operator.post('/admin/config/pairs/:id/sizes', {
    summary: "A pair's tick and/or lot size, applied to the running book (refused while users' orders do not fit)",
    params: idParams,
    body: adminConfigApi.pairSizesBody,
    reply: adminConfigApi.pairSizesReply,
    handler: (request) => updatePairSizes(app, request, request.params.id, request.body),
  });

  operator.post('/admin/config/market-maker', {
    summary: "The market maker's quoting parameters",
    body: adminConfigApi.marketMakerBody,
    reply: adminConfigApi.marketMakerReply,
    handler: (request) => updateMarketMaker(app, request, request.body),
  });

  operator.post('/admin/config/withdraw-limit', {
    summary: 'Withdrawals a user may request per day',
    body: adminConfigApi.withdrawLimitBody,
    reply: adminConfigApi.withdrawLimitReply,
    handler: (request) => updateWithdrawLimit(app, request, request.body.withdraw_daily_limit),
  });
}
