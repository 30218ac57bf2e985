import { depositsApi, okReply } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { requireEnabledCurrency } from '../../lib/currencies.js';
import { requestLang } from '../../lib/lang.js';
import { str } from '../../lib/money.js';
import { ok } from '../../lib/reply.js';
import {
  approveDeposit,
  bankDepositInfo,
  consoleDepositAddresses,
  consoleDepositList,
  depositAddressesOf,
  rejectDeposit,
  requestDeposit,
  setBankDeposit,
  setDepositAddresses,
  userDepositLog,
} from './service.js';

const tags = ['deposit'];
const consoleTags = ['console: deposits'];

export async function depositRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.requireUser };
  // Console roles (docs/api.md): reviews are finance's; deposit addresses and bank details are
  // configuration, super only (no declaration).
  const operator = { preHandler: app.requireAdmin };
  const finance = { preHandler: app.requireAdmin, config: { roles: ['finance'] as const } };

  app.post(
    '/wallet/get_in_address',
    {
      ...auth,
      schema: {
        tags,
        summary: "The platform's deposit address of each chain of a coin",
        body: depositsApi.addressesBody,
        response: { 200: okReply(depositsApi.addressesReply) },
      },
    },
    async (request) => {
      // A disabled coin (console configuration) has no deposit addresses to show.
      const coin = await requireEnabledCurrency(app.db, request.body.currency);
      return ok(await depositAddressesOf(app.db, coin.id));
    },
  );

  app.get(
    '/wallet/bank_info',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Bank deposit instructions, or null when off',
        response: { 200: okReply(depositsApi.bankInfoReply) },
      },
    },
    async () => ok(await bankDepositInfo(app.db)),
  );

  // Public: whether to show the bank deposit entry (home's VIP card) before anyone signs in; the
  // details themselves stay behind sign-in.
  app.get(
    '/wallet/bank_deposit',
    {
      schema: {
        tags,
        summary: 'Whether bank deposits are offered (the operator has set bank details)',
        response: { 200: okReply(depositsApi.bankAvailableReply) },
      },
    },
    async () => ok({ available: (await bankDepositInfo(app.db)) !== null }),
  );

  app.post(
    '/wallet/charge_req',
    {
      ...auth,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Report a deposit (chain or bank) with its proof, for review',
        body: depositsApi.chargeBody,
        response: { 200: okReply(depositsApi.chargeReply) },
      },
    },
    async (request) => {
      const body = request.body;
      const coin = await requireEnabledCurrency(app.db, body.currency);
      const input =
        body.method === 'bank'
          ? { ...body, method: 'bank' as const }
          : { method: 'chain' as const, chain: body.type, amount: body.amount, imgs: body.imgs };
      return ok(await requestDeposit(app.db, request.user!.id, coin, input));
    },
  );

  app.get(
    '/charge_mention/log2',
    {
      ...auth,
      schema: {
        tags,
        summary: "The user's deposits, newest first",
        querystring: depositsApi.logQuery,
        response: { 200: okReply(depositsApi.logReply) },
      },
    },
    async (request) =>
      ok(await userDepositLog(app.db, requestLang(request), request.user!.id, request.query.page, request.query.limit)),
  );

  // Console.
  app.get(
    '/admin/deposits',
    {
      ...finance,
      schema: {
        tags: consoleTags,
        summary: 'Deposits to review',
        querystring: depositsApi.consoleListQuery,
        response: { 200: okReply(depositsApi.consoleListReply) },
      },
    },
    async (request) => {
      const { status, page, limit } = request.query;
      return ok(await consoleDepositList(app.db, requestLang(request), status, page, limit));
    },
  );

  app.post(
    '/admin/deposits/:id/approve',
    {
      ...finance,
      schema: {
        tags: consoleTags,
        summary:
          'Approve: credit the coin account (credited defaults to the amount, fee to 0); another amount waits for a second operator',
        params: depositsApi.approveParams,
        body: depositsApi.approveBody,
        response: { 200: okReply(depositsApi.approveReply) },
      },
    },
    async (request) => {
      const result = await approveDeposit(app.db, request, request.params.id, request.body);
      if ('ticket' in result) return ok(result.ticket);
      const row = result.deposit;
      return ok({ id: row.id, status: row.status, credited: str(row.credited!), fee: str(row.fee!) });
    },
  );

  app.post(
    '/admin/deposits/:id/reject',
    {
      ...finance,
      schema: {
        tags: consoleTags,
        summary: 'Reject with a reason',
        params: depositsApi.rejectParams,
        body: depositsApi.rejectBody,
        response: { 200: okReply(depositsApi.rejectReply) },
      },
    },
    async (request) => {
      const row = await rejectDeposit(app.db, request, request.params.id, request.body.reason);
      return ok({ id: row.id, status: row.status });
    },
  );

  app.get(
    '/admin/deposit-addresses',
    {
      ...operator,
      schema: {
        tags: consoleTags,
        summary: "Every chain with the platform's deposit address",
        response: { 200: okReply(depositsApi.consoleAddressesReply) },
      },
    },
    async () => ok(await consoleDepositAddresses(app.db)),
  );

  app.post(
    '/admin/deposit-addresses',
    {
      ...operator,
      schema: {
        tags: consoleTags,
        summary:
          'Ask to set deposit addresses (chain_id + address, or addresses:[{chain_id, address}]; empty removes); a second operator approves',
        body: depositsApi.setAddressesBody,
        response: { 200: okReply(depositsApi.setAddressesReply) },
      },
    },
    async (request) => {
      const { chain_id, address, addresses } = request.body;
      const list = addresses ?? (chain_id === undefined ? [] : [{ chain_id, address }]);
      if (list.length === 0) throw new AppError('field_required', { fields: { chain_id: 'field_required' } });
      return ok(await setDepositAddresses(app.db, request, list));
    },
  );

  app.get(
    '/admin/bank-deposit',
    {
      ...operator,
      schema: {
        tags: consoleTags,
        summary: 'Bank deposit instructions (null: bank deposits off)',
        response: { 200: okReply(depositsApi.bankInfoReply) },
      },
    },
    async () => ok(await bankDepositInfo(app.db)),
  );

  app.post(
    '/admin/bank-deposit',
    {
      ...operator,
      schema: {
        tags: consoleTags,
        summary: 'Set bank deposit instructions; enabled=0 switches bank deposits off',
        body: depositsApi.setBankBody,
        response: { 200: okReply(depositsApi.bankInfoReply) },
      },
    },
    async (request) => {
      const b = request.body;
      if (!b.enabled) return ok(await setBankDeposit(app.db, request, null));
      const missing = (['bank_name', 'account_name', 'account_number'] as const).filter((k) => !b[k]);
      if (missing.length) {
        throw new AppError('field_required', { fields: Object.fromEntries(missing.map((k) => [k, 'field_required' as const])) });
      }
      return ok(
        await setBankDeposit(app.db, request, {
          bank_name: b.bank_name!,
          account_name: b.account_name!,
          account_number: b.account_number!,
          branch: b.branch ?? null,
          swift: b.swift ?? null,
          remark: b.remark ?? null,
        }),
      );
    },
  );
}
