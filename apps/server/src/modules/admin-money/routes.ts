import { adminMoneyApi } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { parseSignedAmount } from '../../lib/amounts.js';
import { searchAudit } from '../../lib/audit.js';
import { verifyAuditChain } from '../../lib/audit-chain.js';
import { requireCurrency } from '../../lib/currencies.js';
import { consoleRoles, routeGroup, superOnly } from '../../plugins/route-group.js';
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
export async function adminMoneyRoutes(app: FastifyInstance) {
  // Console roles (docs/api.md): no declaration = super only (coin rules, audit log).
  const operator = routeGroup(app, tags, superOnly);
  const finance = routeGroup(app, tags, consoleRoles('finance'));
  // Finding a user and reading their profile serves finance, compliance and support alike.
  const userReaders = routeGroup(app, tags, consoleRoles('finance', 'compliance', 'support'));

  userReaders.get('/admin/users', {
    summary: 'Users (q: id, e-mail, phone or invite code)',
    querystring: adminMoneyApi.usersQuery,
    reply: adminMoneyApi.usersReply,
    handler: (request) => consoleUsers(app.db, request.query.q, request.query.page, request.query.limit),
  });

  userReaders.get('/admin/users/:id', {
    summary: 'One user: profile, balances, verification',
    params: adminMoneyApi.userParams,
    reply: adminMoneyApi.userDetailReply,
    handler: (request) => consoleUserDetail(app.db, request.params.id),
  });

  finance.get('/admin/users/:id/ledger', {
    summary: "The user's ledger postings, newest first",
    params: adminMoneyApi.ledgerParams,
    querystring: adminMoneyApi.ledgerQuery,
    reply: adminMoneyApi.ledgerReply,
    handler: (request) => consoleUserLedger(app.db, request.params.id, request.query.page, request.query.limit),
  });

  finance.post('/admin/users/:id/adjust', {
    summary: 'Adjust an available balance (amount signed, reason required) against the adjustments account',
    params: adminMoneyApi.adjustParams,
    body: adminMoneyApi.adjustBody,
    reply: adminMoneyApi.adjustReply,
    handler: async (request) => {
      const coin = await requireCurrency(app.db, request.body.currency_id, 'currency_id');
      const amount = parseSignedAmount(request.body.amount, coin.decimals, 'amount');
      return adjustBalance(app.db, request, request.params.id, {
        currencyId: coin.id,
        account: request.body.account,
        amount,
        reason: request.body.reason,
      });
    },
  });

  operator.get('/admin/currency-settings', {
    summary: "Every coin's deposit and withdrawal rules",
    reply: adminMoneyApi.currencySettingsReply,
    handler: () => consoleCurrencySettings(app.db),
  });

  operator.post('/admin/currency-settings', {
    summary: "Set a coin's rules; fields left out keep their value",
    body: adminMoneyApi.setCurrencySettingsBody,
    reply: adminMoneyApi.setCurrencySettingsReply,
    handler: (request) => updateCurrencySettings(app.db, request, request.body),
  });

  operator.get('/admin/audit', {
    summary: 'The audit log, newest first (action: exact or "family.*"; admin: id or e-mail part; from/to: ISO times)',
    // operations: searchable by who, action, target, time range and free text.
    querystring: adminMoneyApi.auditQuery,
    reply: adminMoneyApi.auditReply,
    handler: (request) => {
      const { page, limit, ...filter } = request.query;
      return searchAudit(app.db, filter, page, limit);
    },
  });

  // The audit log's hash chain, followed from the first row to the head (lib/audit-chain.ts).
  operator.get('/admin/audit/verify', {
    summary: "Check the audit log's hash chain (a changed, removed or added row)",
    reply: adminMoneyApi.auditVerifyReply,
    handler: () => verifyAuditChain(app.db),
  });

  finance.get('/admin/ledger/verify', {
    summary: 'Check the whole ledger',
    reply: adminMoneyApi.ledgerVerifyReply,
    handler: async () => {
      const startedAt = performance.now();
      const check = await ledgerCheck(app.db);
      // The metrics' "last ledger check" (exchange_ledger_check_*), for an alert on faults or an old check.
      app.metrics.ledgerChecked({
        sound: check.sound,
        faults: check.faults.length,
        seconds: (performance.now() - startedAt) / 1000,
      });
      return check;
    },
  });
}
