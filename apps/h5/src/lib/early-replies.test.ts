import { afterEach, describe, expect, it } from 'vitest';
import { EARLY_REPLY_MAX_AGE_MS, takeEarlyReply } from './early-replies';

describe('early replies of the boot script', () => {
  afterEach(() => {
    delete globalThis.__h5EarlyReplies;
  });

  it('are taken once each, by path', () => {
    const reply = Promise.resolve(new Response('{}'));
    globalThis.__h5EarlyReplies = { at: 1_000, replies: { 'currency/quotation_new': reply } };
    expect(takeEarlyReply('currency/products', 1_500)).toBeUndefined();
    expect(takeEarlyReply('currency/quotation_new', 1_500)).toBe(reply);
    expect(takeEarlyReply('currency/quotation_new', 1_600)).toBeUndefined();
  });

  it('are dropped once stale, and absent when the boot script started none', () => {
    expect(takeEarlyReply('currency/quotation_new')).toBeUndefined();
    globalThis.__h5EarlyReplies = { at: 1_000, replies: { 'currency/quotation_new': Promise.resolve(new Response('{}')) } };
    expect(takeEarlyReply('currency/quotation_new', 1_001 + EARLY_REPLY_MAX_AGE_MS)).toBeUndefined();
    expect(globalThis.__h5EarlyReplies.replies).toEqual({});
  });
});
