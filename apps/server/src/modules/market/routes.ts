import { marketApi, okReply } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import { favoriteList, pairView, quotation, requirePair, setFavorite, timeshare } from './service.js';

const tags = ['market'];

export async function marketRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { market } = app;
  // Only these routes (this plugin's scope) need the pairs; they are read once, on first use.
  app.addHook('preHandler', async () => market.ensurePairs());

  app.get(
    '/currency/quotation_new',
    {
      schema: {
        tags,
        summary: 'Pairs by quote coin with price and 24h figures',
        response: { 200: okReply(marketApi.quotationReply) },
      },
    },
    async () => ok(quotation(market)),
  );

  app.get(
    '/currency/price_source',
    {
      schema: {
        tags,
        summary: 'Where the index prices come from',
        description:
          'Public. {feed: "simulated" | "binance" | "off", demo}: `demo` is true while prices are not a real market\'s ' +
          '(the simulated feed, or none); the console shows a permanent banner then.',
        response: { 200: okReply(marketApi.priceSourceReply) },
      },
    },
    async () => ok({ feed: market.feedKind, demo: market.demo }),
  );

  app.get(
    '/currency/new_timeshar',
    {
      schema: {
        tags,
        summary: 'Candles of a pair (the time-share line is the 1min closes)',
        description:
          'Replies {code: 1, msg, data: [{id, open, close, high, low, vol, amount, time}], limit, more, next_to}: at most ' +
          '1500 candles, the newest in [from, to]; when older ones were left out, call again with to = next_to. ' +
          '`from`/`to` are unix seconds (milliseconds are accepted).',
        querystring: marketApi.timeshareQuery,
        // The original client's `{code: 1, msg, data}`, not the envelope.
        response: { 200: marketApi.timeshareReply },
      },
    },
    async (request) => {
      const result = await timeshare(market, request.query, Math.floor(Date.now() / 1000));
      return { code: 1 as const, msg: 'ok', ...result };
    },
  );

  app.get(
    '/currency/deal',
    {
      schema: {
        tags,
        summary: 'One pair with price and 24h figures',
        querystring: marketApi.dealQuery,
        response: { 200: okReply(marketApi.dealReply) },
      },
    },
    async (request) => {
      const pair = market.pairOf(request.query.currency_id, request.query.legal_id);
      return ok(pairView(market, requirePair(market, pair?.id, 'currency_id')));
    },
  );

  const favorites = async (request: { user?: { id: number } }) => ok(await favoriteList(app.db, market, request.user!.id));
  const listSchema = { tags, summary: "The user's favourite pairs", response: { 200: okReply(marketApi.favoritesReply) } };
  app.get('/currency/user_currency_list', { preHandler: app.requireUser, schema: listSchema }, favorites);
  app.post('/currency/user_currency_list', { preHandler: app.requireUser, schema: listSchema }, favorites);

  app.post(
    '/currency/user_currency_list/add',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Add a favourite pair',
        body: marketApi.favoriteBody,
        response: { 200: okReply(marketApi.favoritesReply) },
      },
    },
    async (request) => ok(await setFavorite(app.db, market, request.user!.id, request.body.pair_id, true)),
  );
  app.post(
    '/currency/user_currency_list/remove',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Remove a favourite pair',
        body: marketApi.favoriteBody,
        response: { 200: okReply(marketApi.favoritesReply) },
      },
    },
    async (request) => ok(await setFavorite(app.db, market, request.user!.id, request.body.pair_id, false)),
  );

  app.get(
    '/market/depth',
    {
      schema: {
        tags,
        summary: "Levels of the exchange's own order book, 10 unless `limit` (1-100) says (empty until spot trading runs)",
        querystring: marketApi.depthQuery,
        response: { 200: okReply(marketApi.depthReply) },
      },
    },
    async (request) => ok(await market.depth(requirePair(market, request.query.symbol, 'symbol'), request.query.limit ?? 10)),
  );

  app.get(
    '/market/trades',
    {
      schema: {
        tags,
        summary: "Recent trades on the exchange's own book",
        querystring: marketApi.tradesQuery,
        response: { 200: okReply(marketApi.tradesReply) },
      },
    },
    async (request) => {
      const pair = requirePair(market, request.query.symbol, 'symbol');
      return ok({ symbol: pair.symbol, list: await market.trades(pair, request.query.limit) });
    },
  );
}
