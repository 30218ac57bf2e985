import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { healthRoutes } from './cluster/health.js';
import { accountSecurityRoutes } from './modules/account-security/routes.js';
import { adminRoutes } from './modules/admin/routes.js';
import { adminConfigRoutes } from './modules/admin-config/routes.js';
import { adminMoneyRoutes } from './modules/admin-money/routes.js';
import { approvalRoutes } from './modules/approvals/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { bankCardRoutes } from './modules/bank-cards/routes.js';
import { chatRoutes } from './modules/chat/routes.js';
import { contractRoutes } from './modules/contracts/routes.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { depositRoutes } from './modules/deposits/routes.js';
import { helpRoutes } from './modules/help/routes.js';
import { identityRoutes } from './modules/identity/routes.js';
import { indexRecordRoutes, indexSampleRoutes } from './modules/index-samples/routes.js';
import { marketRoutes } from './modules/market/routes.js';
import { messageRoutes } from './modules/messages/routes.js';
import { newsRoutes } from './modules/news/routes.js';
import { operatorRoutes } from './modules/operators/routes.js';
import { optionRoutes } from './modules/options/routes.js';
import { productRoutes } from './modules/products/routes.js';
import { proofRoutes } from './modules/proof/routes.js';
import { referenceRoutes } from './modules/reference/routes.js';
import { referralRoutes } from './modules/referral/routes.js';
import { spotRoutes } from './modules/spot/routes.js';
import { subscriptionRoutes } from './modules/subscription/routes.js';
import { uploadRoutes } from './modules/uploads/routes.js';
import { walletRoutes } from './modules/wallet/routes.js';
import { wealthRoutes } from './modules/wealth/routes.js';
import { withdrawalRoutes } from './modules/withdrawals/routes.js';

/** Every route of the API is under this prefix; each route plugin writes its paths in full below it. */
export const API_PREFIX = '/api';

type RouteOptions = { now?: () => number };
type ApiRoutes = { plugin: FastifyPluginAsync<RouteOptions>; options?: RouteOptions };

/** The API's route plugins, in the order they are registered, with the options the few that take any get. */
function apiRoutes(now: (() => number) | undefined): ApiRoutes[] {
  return [
    { plugin: referenceRoutes },
    { plugin: healthRoutes }, // cluster: load balancers ask each node its part in the cluster
    { plugin: authRoutes },
    { plugin: adminRoutes },
    // operations: operators, 2FA, console sessions; user security; proof of liabilities
    { plugin: operatorRoutes },
    { plugin: accountSecurityRoutes },
    { plugin: proofRoutes },
    { plugin: walletRoutes },
    { plugin: uploadRoutes },
    { plugin: depositRoutes },
    { plugin: withdrawalRoutes },
    { plugin: identityRoutes },
    { plugin: bankCardRoutes },
    { plugin: messageRoutes },
    { plugin: adminMoneyRoutes },
    { plugin: approvalRoutes },
    { plugin: marketRoutes },
    { plugin: spotRoutes },
    { plugin: wealthRoutes }, // wealth: fixed-term financial products
    { plugin: productRoutes }, // products (switches)
    { plugin: contractRoutes }, // perpetual contracts
    // options: the per-second index samples, the index record, the options themselves
    { plugin: indexSampleRoutes },
    { plugin: indexRecordRoutes },
    { plugin: optionRoutes },
    // community: referral programme and notices
    { plugin: referralRoutes },
    { plugin: newsRoutes },
    // help centre and support chat (the chat on the app's clock)
    { plugin: helpRoutes },
    { plugin: chatRoutes, options: { now } },
    { plugin: subscriptionRoutes }, // new-coin subscription
    // operations: runtime configuration and the console dashboard
    { plugin: adminConfigRoutes },
    { plugin: dashboardRoutes },
  ];
}

/**
 * The API: one encapsulated scope at /api holding reply compression, every route plugin of the table
 * above, and the OpenAPI document at /api/docs. Hooks and decorations from the app-wide plugins
 * registered before it apply to all of it.
 */
export async function registerApi(app: FastifyInstance, now: (() => number) | undefined): Promise<void> {
  await app.register(
    async (api) => {
      // Replies over 1 kB (candles, lists, the OpenAPI document) compressed for clients that accept it:
      // a phone on a slow network gets a month of candles in a fraction of the bytes. Brotli at a low
      // quality: it is done for every reply, unlike the static files compressed once at build. Small
      // replies (an order, a balance) go as they are.
      await api.register(fastifyCompress, {
        threshold: 1024,
        encodings: ['br', 'gzip'],
        brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
        zlibOptions: { level: 6 },
      });
      for (const { plugin, options } of apiRoutes(now)) {
        if (options) await api.register(plugin, options);
        else await api.register(plugin);
      }
      api.get('/docs', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: API_PREFIX },
  );
}
