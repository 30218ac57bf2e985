import { LANGS } from '@app/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../i18n/messages.js';
import { AppError } from '../lib/app-error.js';
import { envelopePlugin } from './envelope.js';

/**
 * A field's message keeps its values in every language: the H5 shows the server's `fields` text under
 * the input as is, so "The minimum is " with the number missing was what a user read.
 */
let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify({ logger: false });
  await app.register(envelopePlugin);
  app.post('/below-min', async () => {
    throw new AppError('amount_below_min', { fields: { amount: 'amount_below_min' }, values: { min: '0.0025' } });
  });
  app.post('/stake-below-min', async () => {
    throw new AppError('option_stake_below_min', { fields: { number: 'option_stake_below_min' }, values: { range: '10-5000' } });
  });
  await app.ready();
});
afterAll(() => app.close());

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('field messages keep their values', () => {
  it.each(LANGS)('renders the minimum under the amount field in %s', async (lang) => {
    const res = await app.inject({ method: 'POST', url: '/below-min', headers: { lang } });
    const body = res.json();
    expect(body).toMatchObject({ type: 'error', error: 'amount_below_min' });
    expect(body.fields.amount).toContain('0.0025');
    expect(body.fields.amount).toBe(body.message);
    const stake = (await app.inject({ method: 'POST', url: '/stake-below-min', headers: { lang } })).json();
    expect(stake.fields.number).toContain('10-5000');
  });

  it('has the same placeholders in every language as in English, for every message', () => {
    const mismatches: string[] = [];
    for (const [key, texts] of Object.entries(MESSAGES)) {
      const want = placeholders(texts.en).join(',');
      for (const lang of LANGS) {
        const text = (texts as Record<string, string | undefined>)[lang];
        if (text !== undefined && placeholders(text).join(',') !== want) mismatches.push(`${key}.${lang}: {${want}} vs ${text}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
