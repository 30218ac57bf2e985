import { indexSamplesApi, minuteOf, type SampleProof, utcDayOf, utcDayStart } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error.js';
import { formatPrice } from '../../market/pairs.js';
import { anyone, routeGroup } from '../../plugins/route-group.js';
import { dayHead } from './chain.js';
import { chainedSamplesBetween, minuteHeadsAsOf, minuteHeadsOfPairs, samplesBetween } from './repo.js';
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

const tags = ['market'];

/** Samples are public like every price: anyone can re-check a settlement against them. */
export async function indexSampleRoutes(app: FastifyInstance) {
  const publicRoutes = routeGroup(app, tags, anyone);
  publicRoutes.get('/market/index_samples', {
    summary: 'Recorded per-second index samples of a pair (what option settlements use)',
    description:
      'Replies {symbol, list: [{second, price, price_time, source}]} for unix seconds in [from, to] (at most 600 ' +
      'seconds; `to` defaults to `from`). `price_time` (ms) is when the index took that price: before the second ' +
      'when the price stood unchanged through it. A second the server did not see has no sample.',
    querystring: indexSamplesApi.samplesQuery,
    reply: indexSamplesApi.samplesReply,
    handler: async (request) => {
      await app.market.ensurePairs();
      const pair = app.market.getPair(request.query.symbol);
      if (!pair) throw new AppError('pair_unknown', { fields: { symbol: 'pair_unknown' } });
      const { from } = request.query;
      const to = request.query.to ?? from;
      if (to < from || to - from > 600) throw new AppError('time_range_invalid', { fields: { to: 'time_range_invalid' } });
      const list = await samplesBetween(app.db, pair.id, from, to, 601);
      return {
        symbol: pair.symbol,
        list: list.map((s) => ({
          second: s.second,
          price: formatPrice(pair, s.price),
          price_time: s.priceTime,
          source: s.source,
        })),
      };
    },
  });
}

/**
 * The public, hash-chained index record (docs/index-record.md): each pair's day head, the minute
 * checkpoints it is the hash of, and any sample with the chain context to check it. No sign-in: anyone
 * can keep the heads and re-check a settlement later.
 */
export async function indexRecordRoutes(app: FastifyInstance) {
  const publicRoutes = routeGroup(app, tags, anyone);
  const pairOf = async (symbol: string) => {
    await app.market.ensurePairs();
    const pair = app.market.getPair(symbol);
    if (!pair) throw new AppError('pair_unknown', { fields: { pair: 'pair_unknown' } });
    return pair;
  };
  /** A pair's minute checkpoints of a UTC day, as they stood at the end of second `at` (default: now). */
  const minutesOfDay = (pairId: number, day: string, at?: number) => {
    const from = utcDayStart(day);
    return minuteHeadsAsOf(app.db, pairId, from, from + 86_399, at);
  };

  publicRoutes.get('/index/heads', {
    summary: "The index record's day heads per pair (the current day: its running head)",
    description:
      'Replies {day, list: [{pair_id, symbol, day, head, minutes, samples, first_second, last_second, running}]} for ' +
      "a UTC day (default today) and one pair or all. `head` is SHA-256 over the day's minute checkpoints " +
      '(docs/index-record.md), null while the day has no sample; `running` while the day is not over. With ' +
      '`at` (a unix second, one pair): the head as it stood at the end of that second.',
    querystring: indexSamplesApi.headsQuery,
    reply: indexSamplesApi.headsReply,
    handler: async (request) => {
      const day = request.query.day ?? utcDayOf(Math.floor(Date.now() / 1000));
      await app.market.ensurePairs();
      const pairs = request.query.pair ? [await pairOf(request.query.pair)] : app.market.listPairs();
      const from = utcDayStart(day);
      const { at } = request.query;
      const heads =
        at !== undefined && pairs.length === 1
          ? new Map([[pairs[0]!.id, await minutesOfDay(pairs[0]!.id, day, at)]])
          : await minuteHeadsOfPairs(
              app.db,
              pairs.map((p) => p.id),
              from,
              from + 86_399,
            );
      const running = Date.now() < (from + 86_400) * 1000;
      return {
        day,
        list: pairs.map((pair) => {
          const minutes = heads.get(pair.id) ?? [];
          return {
            pair_id: pair.id,
            symbol: pair.symbol,
            day,
            head: minutes.length ? dayHead(pair.id, day, minutes) : null,
            minutes: minutes.length,
            samples: minutes.reduce((n, m) => n + m.samples, 0),
            first_second: minutes[0]?.minute ?? null,
            last_second: minutes.at(-1)?.lastSecond ?? null,
            running,
          };
        }),
      };
    },
  });

  publicRoutes.get('/index/minutes', {
    summary: "A pair's minute checkpoints of a UTC day: what its head is the hash of",
    description:
      'Replies {pair_id, symbol, day, head, minutes: [{minute, hash, samples, last_second}]}: each minute that holds ' +
      'samples, with the chain hash at its end. SHA-256 of ["index-day/1", pair_id, day, [[minute, hash], …]] ' +
      '(JSON) is the head. With `at` (a unix second): as they stood at the end of that second.',
    querystring: indexSamplesApi.minutesQuery,
    reply: indexSamplesApi.minutesReply,
    handler: async (request) => {
      const pair = await pairOf(request.query.pair);
      const { day, at } = request.query;
      const minutes = await minutesOfDay(pair.id, day, at);
      return {
        pair_id: pair.id,
        symbol: pair.symbol,
        day,
        head: minutes.length ? dayHead(pair.id, day, minutes) : null,
        minutes: minutes.map((m) => ({ minute: m.minute, hash: m.hash, samples: m.samples, last_second: m.lastSecond })),
      };
    },
  });

  publicRoutes.get('/index/sample', {
    summary: 'One recorded index sample with its chain context, to check it against its day head',
    description:
      "Replies {pair_id, symbol, day, second, as_of, minute_samples, minutes}: every sample of the second's minute " +
      "(price, price_time, source, carried, constituents, prev_hash, hash) and the day's minute checkpoints, as " +
      'the chain stood at the end of second `as_of`. Checked against GET /index/heads?at=<as_of> with ≤ 62 ' +
      'SHA-256 hashes (docs/index-record.md).',
    querystring: indexSamplesApi.sampleQuery,
    reply: indexSamplesApi.sampleReply,
    handler: async (request) => {
      const pair = await pairOf(request.query.pair);
      const { second } = request.query;
      const day = utcDayOf(second);
      const minute = minuteOf(second);
      // Checkpoints first, then the minute's samples up to the newest checkpointed second: the sampler
      // writes both in one statement, so what is read is one consistent point of the chain (`as_of`).
      const minutes = await minutesOfDay(pair.id, day);
      const asOf = minutes.at(-1)?.lastSecond ?? second;
      const samples = await chainedSamplesBetween(app.db, pair.id, minute, Math.min(minute + 59, asOf));
      if (!samples.some((s) => s.second === second))
        throw new AppError('index_sample_not_found', { fields: { second: 'index_sample_not_found' } });
      const proof: SampleProof = {
        pair_id: pair.id,
        symbol: pair.symbol,
        day,
        second,
        as_of: asOf,
        minute_samples: samples.map((s) => ({
          second: s.second,
          price: s.price,
          price_time: s.priceTime,
          source: s.source,
          carried: s.carried,
          constituents: s.constituents,
          prev_hash: s.prevHash,
          hash: s.hash,
        })),
        minutes: minutes.map((m) => ({ minute: m.minute, hash: m.hash })),
      };
      return proof;
    },
  });
}
