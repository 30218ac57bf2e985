import { okReply, withdrawalsApi } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCurrency, requireEnabledCurrency } from '../../lib/currencies.js';
import { requestLang } from '../../lib/lang.js';
import { ok } from '../../lib/reply.js';
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
export async function withdrawalRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.requireUser };
  // Console roles (docs/api.md): withdrawal reviews are finance's.
  const operator = { preHandler: app.requireAdmin, config: { roles: ['finance'] as const } };

  app.post(
    '/wallet/get_address',
    {
      ...auth,
      schema: {
        tags,
        summary: "The user's withdrawal addresses, optionally of one coin",
        body: withdrawalsApi.addressBookBody,
        response: { 200: okReply(withdrawalsApi.addressBookReply) },
      },
    },
    async (request) => {
      const currency =
        request.body.currency === undefined ? undefined : (await requireCurrency(app.db, request.body.currency)).id;
      return ok(await addressBook(app.db, request.user!.id, currency));
    },
  );

  app.post(
    '/wallet/addaddress',
    {
      ...auth,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Add a withdrawal address (fund password + a code of scene address)',
        body: withdrawalsApi.addAddressBody,
        response: { 200: okReply(withdrawalsApi.addAddressReply) },
      },
    },
    async (request) => {
      const coin = await requireCurrency(app.db, request.body.currency);
      const { type, ...rest } = request.body;
      return ok({ id: await addAddress(app.db, request.user!, coin, { ...rest, chain: type }) });
    },
  );

  app.post(
    '/wallet/deladdress',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Delete one of the own withdrawal addresses',
        body: withdrawalsApi.deleteAddressBody,
        response: { 200: okReply(withdrawalsApi.deleteAddressReply) },
      },
    },
    async (request) => {
      await deleteAddress(app.db, request.user!.id, request.body.id);
      return ok(true as const);
    },
  );

  app.post(
    '/wallet/get_info',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Withdrawal rules and balance of a coin',
        body: withdrawalsApi.infoBody,
        response: { 200: okReply(withdrawalsApi.infoReply) },
      },
    },
    async (request) => {
      const coin = await requireCurrency(app.db, request.body.currency);
      return ok(await withdrawInfo(app.db, request.user!.id, coin, app.config.withdrawDailyLimit));
    },
  );

  app.post(
    '/wallet/out',
    {
      // Before validation, so an unverified user is sent to verification first (type 998).
      preValidation: app.requireVerified,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Request a withdrawal to an address-book entry (or, with method=bank, to the bound bank card); amount + fee are frozen until review',
        body: withdrawalsApi.outBody,
        response: { 200: okReply(withdrawalsApi.outReply) },
      },
    },
    async (request) => {
      // A disabled coin takes no new withdrawal requests; pending ones are still reviewed.
      const coin = await requireEnabledCurrency(app.db, request.body.currency);
      return ok(await requestWithdrawal(app.db, request.user!, coin, request.body, app.config.withdrawDailyLimit));
    },
  );

  app.get(
    '/charge_mention/log3',
    {
      ...auth,
      schema: {
        tags,
        summary: "The user's withdrawals, newest first",
        querystring: withdrawalsApi.logQuery,
        response: { 200: okReply(withdrawalsApi.logReply) },
      },
    },
    async (request) =>
      ok(await userWithdrawLog(app.db, requestLang(request), request.user!.id, request.query.page, request.query.limit)),
  );

  // Console.
  app.get(
    '/admin/withdrawals',
    {
      ...operator,
      schema: {
        tags: consoleTags,
        summary: 'Withdrawals to review',
        querystring: withdrawalsApi.consoleListQuery,
        response: { 200: okReply(withdrawalsApi.consoleListReply) },
      },
    },
    async (request) => {
      const { status, page, limit } = request.query;
      return ok(await consoleWithdrawalList(app.db, requestLang(request), status, page, limit));
    },
  );

  app.post(
    '/admin/withdrawals/:id/approve',
    {
      ...operator,
      schema: {
        tags: consoleTags,
        summary:
          'Paid out: record the tx hash (chain format, unique); above the four-eyes threshold it waits for a second operator',
        params: withdrawalsApi.approveParams,
        body: withdrawalsApi.approveBody,
        response: { 200: okReply(withdrawalsApi.approveReply) },
      },
    },
    async (request) => {
      const result = await approveWithdrawal(app.db, request, request.params.id, request.body.tx_hash, app.market.livePrices);
      if ('ticket' in result) return ok(result.ticket);
      return ok({ id: result.withdrawal.id, status: result.withdrawal.status, tx_hash: result.withdrawal.txHash });
    },
  );

  app.post(
    '/admin/withdrawals/:id/reject',
    {
      ...operator,
      schema: {
        tags: consoleTags,
        summary: 'Reject with a reason; the frozen amount + fee return to available',
        params: withdrawalsApi.rejectParams,
        body: withdrawalsApi.rejectBody,
        response: { 200: okReply(withdrawalsApi.rejectReply) },
      },
    },
    async (request) => {
      const w = await rejectWithdrawal(app.db, request, request.params.id, request.body.reason);
      return ok({ id: w.id, status: w.status });
    },
  );
}
