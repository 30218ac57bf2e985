import { withdrawalsApi } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { requireCurrency, requireEnabledCurrency } from '../../lib/currencies.js';
import { requestLang } from '../../lib/lang.js';
import { rejectRoute, reviewListRoute } from '../../plugins/review-queue-routes.js';
import { consoleRoles, routeGroup, signedIn, verified } from '../../plugins/route-group.js';
import {
  addAddress,
  addressBook,
  approveWithdrawal,
  consoleWithdrawalList,
  deleteAddress,
  rejectWithdrawal,
  requestWithdrawal,
  userWithdrawLog,
  withdrawInfo,
} from './service.js';

const tags = ['withdrawal'];
const consoleTags = ['console: withdrawals'];
export async function withdrawalRoutes(app: FastifyInstance) {
  const user = routeGroup(app, tags, signedIn);
  // Console roles (docs/api.md): withdrawal reviews are finance's.
  const finance = routeGroup(app, consoleTags, consoleRoles('finance'));

  user.post('/wallet/get_address', {
    summary: "The user's withdrawal addresses, optionally of one coin",
    body: withdrawalsApi.addressBookBody,
    reply: withdrawalsApi.addressBookReply,
    handler: async (request) => {
      const currency =
        request.body.currency === undefined ? undefined : (await requireCurrency(app.db, request.body.currency)).id;
      return addressBook(app.db, request.user!.id, currency);
    },
  });

  user.post('/wallet/addaddress', {
    summary: 'Add a withdrawal address (fund password + a code of scene address)',
    body: withdrawalsApi.addAddressBody,
    reply: withdrawalsApi.addAddressReply,
    rateLimitPerMinute: 10,
    handler: async (request) => {
      const coin = await requireCurrency(app.db, request.body.currency);
      const { type, ...rest } = request.body;
      return { id: await addAddress(app.db, request.user!, coin, { ...rest, chain: type }) };
    },
  });

  user.post('/wallet/deladdress', {
    summary: 'Delete one of the own withdrawal addresses',
    body: withdrawalsApi.deleteAddressBody,
    reply: withdrawalsApi.deleteAddressReply,
    handler: async (request) => {
      await deleteAddress(app.db, request.user!.id, request.body.id);
      return true as const;
    },
  });

  user.post('/wallet/get_info', {
    summary: 'Withdrawal rules and balance of a coin',
    body: withdrawalsApi.infoBody,
    reply: withdrawalsApi.infoReply,
    handler: async (request) => {
      const coin = await requireCurrency(app.db, request.body.currency);
      return withdrawInfo(app.db, request.user!.id, coin, app.config.withdrawDailyLimit);
    },
  });

  // Before validation, so an unverified user is sent to verification first (type 998).
  routeGroup(app, tags, verified).post('/wallet/out', {
    summary:
      'Request a withdrawal to an address-book entry (or, with method=bank, to the bound bank card); amount + fee are frozen until review',
    body: withdrawalsApi.outBody,
    reply: withdrawalsApi.outReply,
    rateLimitPerMinute: 20,
    handler: async (request) => {
      // A disabled coin takes no new withdrawal requests; pending ones are still reviewed.
      const coin = await requireEnabledCurrency(app.db, request.body.currency);
      return requestWithdrawal(app.db, request.user!, coin, request.body, app.config.withdrawDailyLimit);
    },
  });

  user.get('/charge_mention/log3', {
    summary: "The user's withdrawals, newest first",
    querystring: withdrawalsApi.logQuery,
    reply: withdrawalsApi.logReply,
    handler: (request) =>
      userWithdrawLog(app.db, requestLang(request), request.user!.id, request.query.page, request.query.limit),
  });

  // Console.
  reviewListRoute(finance, '/admin/withdrawals', withdrawalsApi, 'Withdrawals to review', (request, { status, page, limit }) =>
    consoleWithdrawalList(app.db, requestLang(request), status, page, limit),
  );

  finance.post('/admin/withdrawals/:id/approve', {
    summary: 'Paid out: record the tx hash (chain format, unique); above the four-eyes threshold it waits for a second operator',
    params: withdrawalsApi.approveParams,
    body: withdrawalsApi.approveBody,
    reply: withdrawalsApi.approveReply,
    handler: async (request) => {
      const result = await approveWithdrawal(app.db, request, request.params.id, request.body.tx_hash, app.market.livePrices);
      if ('ticket' in result) return result.ticket;
      return { id: result.withdrawal.id, status: result.withdrawal.status, tx_hash: result.withdrawal.txHash };
    },
  });

  rejectRoute(
    finance,
    '/admin/withdrawals',
    withdrawalsApi,
    'Reject with a reason; the frozen amount + fee return to available',
    (request, id, reason) => rejectWithdrawal(app.db, request, id, reason),
  );
}
