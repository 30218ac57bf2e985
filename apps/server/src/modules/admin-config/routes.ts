import { adminConfigApi, okReply } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditActions } from '../../lib/audit.js';
import { ok } from '../../lib/reply.js';
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
export async function adminConfigRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const operator = { preHandler: app.requireAdmin };
  app.addHook('onReady', async () => {
    await applyStoredConfig(app).catch((error) => app.log.error({ err: error }, 'stored console configuration not applied'));
  });

  // The audit page's action list, from the log itself (SELECT DISTINCT), so new actions appear unaided.
  app.get(
    '/admin/audit/actions',
    {
      ...operator,
      schema: {
        tags: ['console: users and money'],
        summary: 'Actions in the audit log, with counts',
        response: { 200: okReply(adminConfigApi.auditActionsReply) },
      },
    },
    async () => ok(await auditActions(app.db)),
  );

  app.get(
    '/admin/config',
    {
      ...operator,
      schema: {
        tags,
        summary: 'Coins, chains, pairs, limits, market maker and feed status',
        response: { 200: okReply(adminConfigApi.configReply) },
      },
    },
    async () => ok(await readConfig(app)),
  );

  app.post(
    '/admin/config/coins/:id',
    {
      ...operator,
      schema: {
        tags,
        summary: "A coin's display name and order",
        params: idParams,
        body: adminConfigApi.coinBody,
        response: { 200: okReply(adminConfigApi.coinReply) },
      },
    },
    async (request) => ok(await updateCoin(app, request, request.params.id, request.body)),
  );

  app.post(
    '/admin/config/pairs/:id',
    {
      ...operator,
      schema: {
        tags,
        summary:
          "A pair's fee rates, minimum order, market-order price band and market-maker ladder (tick and lot sizes: POST …/sizes)",
        params: idParams,
        body: adminConfigApi.pairRulesBody,
        response: { 200: okReply(adminConfigApi.pairRulesReply) },
      },
    },
    async (request) => ok(await updatePairRules(app, request, request.params.id, request.body)),
  );

  app.post(
    '/admin/config/coins/:id/enabled',
    {
      ...operator,
      schema: {
        tags,
        summary: "Switch a coin's deposits and withdrawals on or off (balances stay; pending reviews complete)",
        params: idParams,
        body: adminConfigApi.coinEnabledBody,
        response: { 200: okReply(adminConfigApi.coinEnabledReply) },
      },
    },
    async (request) => ok(await setCoinEnabled(app.db, request, request.params.id, request.body.enabled)),
  );

  app.post(
    '/admin/config/coins/:id/chains',
    {
      ...operator,
      schema: {
        tags,
        summary: 'Ask to add a chain (TRC20, ERC20 or OMNI) with the platform deposit address on it; a second super approves',
        params: idParams,
        body: adminConfigApi.addChainBody,
        response: { 200: okReply(adminConfigApi.addChainReply) },
      },
    },
    async (request) => ok(await addChain(app.db, request, request.params.id, request.body)),
  );

  app.post(
    '/admin/config/coins/:id/chains/remove',
    {
      ...operator,
      schema: {
        tags,
        summary: "Remove a coin's chain (refused while deposits on it await review, or for an enabled coin's last chain)",
        params: idParams,
        body: adminConfigApi.removeChainBody,
        response: { 200: okReply(adminConfigApi.removeChainReply) },
      },
    },
    async (request) => ok(await removeChain(app.db, request, request.params.id, request.body.name)),
  );

  app.post(
    '/admin/config/pairs/:id/sizes',
    {
      ...operator,
      schema: {
        tags,
        summary: "A pair's tick and/or lot size, applied to the running book (refused while users' orders do not fit)",
        params: idParams,
        body: adminConfigApi.pairSizesBody,
        response: { 200: okReply(adminConfigApi.pairSizesReply) },
      },
    },
    async (request) => ok(await updatePairSizes(app, request, request.params.id, request.body)),
  );

  app.post(
    '/admin/config/market-maker',
    {
      ...operator,
      schema: {
        tags,
        summary: "The market maker's quoting parameters",
        body: adminConfigApi.marketMakerBody,
        response: { 200: okReply(adminConfigApi.marketMakerReply) },
      },
    },
    async (request) => ok(await updateMarketMaker(app, request, request.body)),
  );

  app.post(
    '/admin/config/withdraw-limit',
    {
      ...operator,
      schema: {
        tags,
        summary: 'Withdrawals a user may request per day',
        body: adminConfigApi.withdrawLimitBody,
        response: { 200: okReply(adminConfigApi.withdrawLimitReply) },
      },
    },
    async (request) => ok(await updateWithdrawLimit(app, request, request.body.withdraw_daily_limit)),
  );
}
