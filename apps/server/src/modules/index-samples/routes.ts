import { intField } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { formatPrice } from '../../market/pairs.js';
import { ok } from '../../plugins/envelope.js';
import { samplesBetween } from './repo.js';
import { IndexSampler } from './sampler.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The per-second index samples (modules/index-samples). */
    indexSamples: IndexSampler;
  }
}

/**
 * Decorates `app.indexSamples`, fed by the market stream. It listens only while the feed runs (the
 * process entry starts it with the market); tests feed it ticks with `ingest`.
 */
export const indexSamplesPlugin = fp(async (app: FastifyInstance) => {
  const sampler = new IndexSampler({
    db: app.db,
    stream: app.market,
    source: () => app.market.feedKind,
    log: app.log,
  });
  app.decorate('indexSamples', sampler);
  app.addHook('onClose', async () => sampler.stop());
});

const secondField = intField(0, 1e11, 'validation_failed');

/** Samples are public like every price: anyone can re-check a settlement against them. */
export async function indexSampleRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/market/index_samples',
    {
      schema: {
        tags: ['market'],
        summary: 'Recorded per-second index samples of a pair (what option settlements use)',
        description:
          'Replies {symbol, list: [{second, price, price_time, source}]} for unix seconds in [from, to] (at most 600 ' +
          'seconds; `to` defaults to `from`). `price_time` (ms) is when the index took that price: before the second ' +
          'when the price stood unchanged through it. A second the server did not see has no sample.',
        querystring: z.object({
          symbol: z.string({ message: 'pair_unknown' }).trim().min(1, 'pair_unknown').max(32, 'pair_unknown'),
          from: secondField,
          to: secondField.optional(),
        }),
      },
    },
    async (request) => {
      await app.market.ensurePairs();
      const pair = app.market.getPair(request.query.symbol);
      if (!pair) throw new AppError('pair_unknown', { fields: { symbol: 'pair_unknown' } });
      const { from } = request.query;
      const to = request.query.to ?? from;
      if (to < from || to - from > 600) throw new AppError('time_range_invalid', { fields: { to: 'time_range_invalid' } });
      const list = await samplesBetween(app.db, pair.id, from, to, 601);
      return ok({
        symbol: pair.symbol,
        list: list.map((s) => ({
          second: s.second,
          price: formatPrice(pair, s.price),
          price_time: s.priceTime,
          source: s.source,
        })),
      });
    },
  );
}
