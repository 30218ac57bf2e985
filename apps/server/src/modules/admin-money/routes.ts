import { adminMoneyApi, okReply } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { parseSignedAmount } from '../../lib/amounts.js';
import { searchAudit } from '../../lib/audit.js';
import { verifyAuditChain } from '../../lib/audit-chain.js';
import { requireCurrency } from '../../lib/currencies.js';
import { ok } from '../../lib/reply.js';
import {
  adjustBalance,
  consoleCurrencySettings,
  consoleUserDetail,
  consoleUserLedger,
  consoleUsers,
  ledgerCheck,
  updateCurrencySettings,
} from './service.js';

const tags = ['console: users and money'];

/** Console routes for users' money, the coins' rules, the audit log and the ledger check. */
export async function adminMoneyRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // Console roles (docs/api.md): no declaration = super only (coin rules, audit log).
  const operator = { preHandler: app.requireAdmin };
  const finance = { preHandler: app.requireAdmin, config: { roles: ['finance'] as const } };
  // Finding a user and reading their profile serves finance, compliance and support alike.
  const userReaders = { preHandler: app.requireAdmin, config: { roles: ['finance', 'compliance', 'support'] as const } };

  app.get(
    '/admin/users',
    {
      ...userReaders,
      schema: {
        tags,
        summary: 'Users (q: id, e-mail, phone or invite code)',
        querystring: adminMoneyApi.usersQuery,
        response: { 200: okReply(adminMoneyApi.usersReply) },
      },
    },
    async (request) => ok(await consoleUsers(app.db, request.query.q, request.query.page, request.query.limit)),
  );

  app.get(
    '/admin/users/:id',
    {
      ...userReaders,
      schema: {
        tags,
        summary: 'One user: profile, balances, verification',
        params: adminMoneyApi.userParams,
        response: { 200: okReply(adminMoneyApi.userDetailReply) },
      },
    },
    async (request) => ok(await consoleUserDetail(app.db, request.params.id)),
  );

  app.get(
    '/admin/users/:id/ledger',
    {
      ...finance,
      schema: {
        tags,
        summary: "The user's ledger postings, newest first",
        params: adminMoneyApi.ledgerParams,
        querystring: adminMoneyApi.ledgerQuery,
        response: { 200: okReply(adminMoneyApi.ledgerReply) },
      },
    },
    async (request) => ok(await consoleUserLedger(app.db, request.params.id, request.query.page, request.query.limit)),
  );

  app.post(
    '/admin/users/:id/adjust',
    {
      ...finance,
      schema: {
        tags,
        summary: 'Adjust an available balance (amount signed, reason required) against the adjustments account',
        params: adminMoneyApi.adjustParams,
        body: adminMoneyApi.adjustBody,
        response: { 200: okReply(adminMoneyApi.adjustReply) },
      },
    },
    async (request) => {
      const coin = await requireCurrency(app.db, request.body.currency_id, 'currency_id');
      const amount = parseSignedAmount(request.body.amount, coin.decimals, 'amount');
      return ok(
        await adjustBalance(app.db, request, request.params.id, {
          currencyId: coin.id,
          account: request.body.account,
          amount,
          reason: request.body.reason,
        }),
      );
    },
  );

  app.get(
    '/admin/currency-settings',
    {
      ...operator,
      schema: {
        tags,
        summary: "Every coin's deposit and withdrawal rules",
        response: { 200: okReply(adminMoneyApi.currencySettingsReply) },
      },
    },
    async () => ok(await consoleCurrencySettings(app.db)),
  );

  app.post(
    '/admin/currency-settings',
    {
      ...operator,
      schema: {
        tags,
        summary: "Set a coin's rules; fields left out keep their value",
        body: adminMoneyApi.setCurrencySettingsBody,
        response: { 200: okReply(adminMoneyApi.setCurrencySettingsReply) },
      },
    },
    async (request) => ok(await updateCurrencySettings(app.db, request, request.body)),
  );

  app.get(
    '/admin/audit',
    {
      ...operator,
      schema: {
        tags,
        summary: 'The audit log, newest first (action: exact or "family.*"; admin: id or e-mail part; from/to: ISO times)',
        // operations: searchable by who, action, target, time range and free text.
        querystring: adminMoneyApi.auditQuery,
        response: { 200: okReply(adminMoneyApi.auditReply) },
      },
    },
    async (request) => {
      const { page, limit, ...filter } = request.query;
      return ok(await searchAudit(app.db, filter, page, limit));
    },
  );

  // The audit log's hash chain, followed from the first row to the head (lib/audit-chain.ts).
  app.get(
    '/admin/audit/verify',
    {
      ...operator,
      schema: {
        tags,
        summary: "Check the audit log's hash chain (a changed, removed or added row)",
        response: { 200: okReply(adminMoneyApi.auditVerifyReply) },
      },
    },
    async () => ok(await verifyAuditChain(app.db)),
  );

  app.get(
    '/admin/ledger/verify',
    {
      ...finance,
      schema: { tags, summary: 'Check the whole ledger', response: { 200: okReply(adminMoneyApi.ledgerVerifyReply) } },
    },
    async () => {
      const startedAt = performance.now();
      const check = await ledgerCheck(app.db);
      // The metrics' "last ledger check" (exchange_ledger_check_*), for an alert on faults or an old check.
      app.metrics.ledgerChecked({
        sound: check.sound,
        faults: check.faults.length,
        seconds: (performance.now() - startedAt) / 1000,
      });
      return ok(check);
    },
  );
}
