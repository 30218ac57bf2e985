import { marketApi } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { anyone, routeGroup, signedIn } from '../../plugins/route-group.js';
import { favoriteList, pairView, quotation, requirePair, setFavorite, timeshare } from './service.js';

const tags = ['market'];

export async function marketRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const visitor = routeGroup(app, tags, anyone);
  const user = routeGroup(app, tags, signedIn);
  const { market } = app;
  // Only these routes (this plugin's scope) need the pairs; they are read once, on first use.
  app.addHook('preHandler', async () => market.ensurePairs());

  visitor.get('/currency/quotation_new', {
    summary: 'Pairs by quote coin with price and 24h figures',
    reply: marketApi.quotationReply,
    handler: async () => quotation(market),
  });

  visitor.get('/currency/price_source', {
    summary: 'Where the index prices come from',
    description:
      'Public. {feed: "simulated" | "binance" | "off", demo}: `demo` is true while prices are not a real market\'s ' +
      '(the simulated feed, or none); the console shows a permanent banner then.',
    reply: marketApi.priceSourceReply,
    handler: () => ({ feed: market.feedKind, demo: market.demo }),
  });

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

  visitor.get('/currency/deal', {
    summary: 'One pair with price and 24h figures',
    querystring: marketApi.dealQuery,
    reply: marketApi.dealReply,
    handler: (request) => {
      const pair = market.pairOf(request.query.currency_id, request.query.legal_id);
      return pairView(market, requirePair(market, pair?.id, 'currency_id'));
    },
  });

  user.getAndPost('/currency/user_currency_list', {
    summary: "The user's favourite pairs",
    reply: marketApi.favoritesReply,
    handler: (request) => favoriteList(app.db, market, request.user!.id),
  });

  user.post('/currency/user_currency_list/add', {
    summary: 'Add a favourite pair',
    body: marketApi.favoriteBody,
    reply: marketApi.favoritesReply,
    handler: (request) => setFavorite(app.db, market, request.user!.id, request.body.pair_id, true),
  });
  user.post('/currency/user_currency_list/remove', {
    summary: 'Remove a favourite pair',
    body: marketApi.favoriteBody,
    reply: marketApi.favoritesReply,
    handler: (request) => setFavorite(app.db, market, request.user!.id, request.body.pair_id, false),
  });

  visitor.get('/market/depth', {
    summary: "Levels of the exchange's own order book, 10 unless `limit` (1-100) says (empty until spot trading runs)",
    querystring: marketApi.depthQuery,
    reply: marketApi.depthReply,
    handler: (request) => market.depth(requirePair(market, request.query.symbol, 'symbol'), request.query.limit ?? 10),
  });

  visitor.get('/market/trades', {
    summary: "Recent trades on the exchange's own book",
    querystring: marketApi.tradesQuery,
    reply: marketApi.tradesReply,
    handler: async (request) => {
      const pair = requirePair(market, request.query.symbol, 'symbol');
      return { symbol: pair.symbol, list: await market.trades(pair, request.query.limit) };
    },
  });
}
