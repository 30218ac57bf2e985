import { walletApi } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { reasonText } from '../../i18n/ledger-reasons.js';
import { parseAmount } from '../../lib/amounts.js';
import { requireCurrency } from '../../lib/currencies.js';
import { requestLang } from '../../lib/lang.js';
import { D, str } from '../../lib/money.js';
import { offsetOf } from '../../lib/paging.js';
import { routeGroup, signedIn } from '../../plugins/route-group.js';
import { listPostings, listTransfers } from './repo.js';
import { transfer, walletDetail, walletList } from './service.js';

const tags = ['wallet'];

export async function walletRoutes(app: FastifyInstance) {
  const user = routeGroup(app, tags, signedIn);

  user.post('/wallet/list', {
    summary: 'Balances of the four accounts, valued in USDT',
    reply: walletApi.listReply,
    handler: (request) => walletList(app.db, request.user!.id, app.market.livePrices),
  });

  user.post('/wallet/detail', {
    summary: 'One coin in one account',
    body: walletApi.detailBody,
    reply: walletApi.detailReply,
    handler: async (request) => {
      const coin = await requireCurrency(app.db, request.body.currency);
      return walletDetail(app.db, request.user!.id, coin.id, request.body.type, app.market.livePrices);
    },
  });

  user.post('/wallet/change', {
    summary: 'Transfer between own accounts',
    body: walletApi.changeBody,
    reply: walletApi.changeReply,
    handler: async (request) => {
      const coin = await requireCurrency(app.db, request.body.currency_id, 'currency_id');
      const amount = parseAmount(request.body.number, coin.decimals, 'number');
      const id = await transfer(app.db, request.user!.id, coin.id, request.body.from_field, request.body.to_field, amount);
      return { id };
    },
  });

  user.get('/wallet/hzhistory', {
    summary: 'Transfer records',
    querystring: walletApi.transfersQuery,
    reply: walletApi.transfersReply,
    handler: async (request) => {
      const { currency, page, limit } = request.query;
      const { total, rows } = await listTransfers(app.db, request.user!.id, currency, limit, offsetOf(page, limit));
      return {
        list: rows.map(({ transfer: t, currencyName }) => ({
          id: t.id,
          currency_id: t.currencyId,
          currency_name: currencyName,
          from_field: t.fromAccount,
          to_field: t.toAccount,
          amount: str(t.amount),
          created_at: t.createdAt.toISOString(),
        })),
        total,
        page,
        limit,
      };
    },
  });

  user.post('/wallet/legal_log', {
    summary: 'Account change records',
    body: walletApi.postingsBody,
    reply: walletApi.postingsReply,
    handler: async (request) => {
      const { currency, type, page, limit } = request.body;
      const lang = requestLang(request);
      const { total, rows } = await listPostings(
        app.db,
        request.user!.id,
        { currencyId: currency, kind: type },
        limit,
        offsetOf(page, limit),
      );
      return {
        list: rows.map((r) => {
          // One transfer entry moves out of one account and into another: each side reads as its direction.
          const reason = r.reason === 'transfer' ? (new D(r.amount).isNegative() ? 'transfer_out' : 'transfer_in') : r.reason;
          return {
            id: r.id,
            currency_id: r.currencyId,
            currency_name: r.currencyName,
            // (a user's own postings: their account is one of the four kinds)
            account: r.kind as walletApi.AccountKind,
            bucket: r.bucket,
            amount: str(r.amount),
            balance_after: str(r.balanceAfter),
            reason,
            reason_text: reasonText(lang, reason),
            ref_type: r.refType,
            ref_id: r.refId,
            created_at: r.createdAt.toISOString(),
          };
        }),
        total,
        page,
        limit,
      };
    },
  });
}
