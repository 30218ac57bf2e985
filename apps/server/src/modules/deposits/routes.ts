import { depositsApi } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { requireEnabledCurrency } from '../../lib/currencies.js';
import { requestLang } from '../../lib/lang.js';
import { str } from '../../lib/money.js';
import { rejectRoute, reviewListRoute } from '../../plugins/review-queue-routes.js';
import { anyone, consoleRoles, routeGroup, signedIn, superOnly } from '../../plugins/route-group.js';
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

export async function depositRoutes(app: FastifyInstance) {
  const user = routeGroup(app, tags, signedIn);
  // Console roles (docs/api.md): reviews are finance's; deposit addresses and bank details are
  // configuration, super only (no declaration).
  const finance = routeGroup(app, consoleTags, consoleRoles('finance'));
  const operator = routeGroup(app, consoleTags, superOnly);

  user.post('/wallet/get_in_address', {
    summary: "The platform's deposit address of each chain of a coin",
    body: depositsApi.addressesBody,
    reply: depositsApi.addressesReply,
    handler: async (request) => {
      // A disabled coin (console configuration) has no deposit addresses to show.
      const coin = await requireEnabledCurrency(app.db, request.body.currency);
      return depositAddressesOf(app.db, coin.id);
    },
  });

  user.get('/wallet/bank_info', {
    summary: 'Bank deposit instructions, or null when off',
    reply: depositsApi.bankInfoReply,
    handler: () => bankDepositInfo(app.db),
  });

  // Public: whether to show the bank deposit entry (home's VIP card) before anyone signs in; the
  // details themselves stay behind sign-in.
  routeGroup(app, tags, anyone).get('/wallet/bank_deposit', {
    summary: 'Whether bank deposits are offered (the operator has set bank details)',
    reply: depositsApi.bankAvailableReply,
    handler: async () => ({ available: (await bankDepositInfo(app.db)) !== null }),
  });

  user.post('/wallet/charge_req', {
    summary: 'Report a deposit (chain or bank) with its proof, for review',
    body: depositsApi.chargeBody,
    reply: depositsApi.chargeReply,
    rateLimitPerMinute: 20,
    handler: async (request) => {
      const body = request.body;
      const coin = await requireEnabledCurrency(app.db, body.currency);
      const input =
        body.method === 'bank'
          ? { ...body, method: 'bank' as const }
          : { method: 'chain' as const, chain: body.type, amount: body.amount, imgs: body.imgs };
      return requestDeposit(app.db, request.user!.id, coin, input);
    },
  });

  user.get('/charge_mention/log2', {
    summary: "The user's deposits, newest first",
    querystring: depositsApi.logQuery,
    reply: depositsApi.logReply,
    handler: (request) => userDepositLog(app.db, requestLang(request), request.user!.id, request.query.page, request.query.limit),
  });

  // Console.
  reviewListRoute(finance, '/admin/deposits', depositsApi, 'Deposits to review', (request, { status, page, limit }) =>
    consoleDepositList(app.db, requestLang(request), status, page, limit),
  );

  finance.post('/admin/deposits/:id/approve', {
    summary:
      'Approve: credit the coin account (credited defaults to the amount, fee to 0); another amount waits for a second operator',
    params: depositsApi.approveParams,
    body: depositsApi.approveBody,
    reply: depositsApi.approveReply,
    handler: async (request) => {
      const result = await approveDeposit(app.db, request, request.params.id, request.body);
      if ('ticket' in result) return result.ticket;
      const row = result.deposit;
      return { id: row.id, status: row.status, credited: str(row.credited!), fee: str(row.fee!) };
    },
  });

  rejectRoute(finance, '/admin/deposits', depositsApi, 'Reject with a reason', (request, id, reason) =>
    rejectDeposit(app.db, request, id, reason),
  );

  operator.get('/admin/deposit-addresses', {
    summary: "Every chain with the platform's deposit address",
    reply: depositsApi.consoleAddressesReply,
    handler: () => consoleDepositAddresses(app.db),
  });

  operator.post('/admin/deposit-addresses', {
    summary:
      'Ask to set deposit addresses (chain_id + address, or addresses:[{chain_id, address}]; empty removes); a second operator approves',
    body: depositsApi.setAddressesBody,
    reply: depositsApi.setAddressesReply,
    handler: (request) => {
      const { chain_id, address, addresses } = request.body;
      const list = addresses ?? (chain_id === undefined ? [] : [{ chain_id, address }]);
      if (list.length === 0) throw new AppError('field_required', { fields: { chain_id: 'field_required' } });
      return setDepositAddresses(app.db, request, list);
    },
  });

  operator.get('/admin/bank-deposit', {
    summary: 'Bank deposit instructions (null: bank deposits off)',
    reply: depositsApi.bankInfoReply,
    handler: () => bankDepositInfo(app.db),
  });

  operator.post('/admin/bank-deposit', {
    summary: 'Set bank deposit instructions; enabled=0 switches bank deposits off',
    body: depositsApi.setBankBody,
    reply: depositsApi.bankInfoReply,
    handler: (request) => {
      const b = request.body;
      if (!b.enabled) return setBankDeposit(app.db, request, null);
      const missing = (['bank_name', 'account_name', 'account_number'] as const).filter((k) => !b[k]);
      if (missing.length) {
        throw new AppError('field_required', { fields: Object.fromEntries(missing.map((k) => [k, 'field_required' as const])) });
      }
      return setBankDeposit(app.db, request, {
        bank_name: b.bank_name!,
        account_name: b.account_name!,
        account_number: b.account_number!,
        branch: b.branch ?? null,
        swift: b.swift ?? null,
        remark: b.remark ?? null,
      });
    },
  });
}
