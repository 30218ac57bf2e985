import { decimalText, okReply, pageReply } from '@app/shared';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { assertReplyMatches, ReplyContractError, replySerializerCompiler } from './reply-contract.js';

const row = z.object({ id: z.number().int(), amount: decimalText, note: z.string().optional() });
const schema = okReply(pageReply(row));
const page = (list: unknown[]) => JSON.stringify({ type: 'ok', message: { list, total: list.length, page: 1, limit: 20 } });

describe('reply contract', () => {
  it('accepts a reply that matches its schema, optional fields absent or present', () => {
    expect(() =>
      assertReplyMatches(
        schema,
        page([
          { id: 1, amount: '1.5' },
          { id: 2, amount: '0', note: 'x' },
        ]),
        'GET /x',
      ),
    ).not.toThrow();
  });

  it('refuses a field the schema does not declare, naming it', () => {
    expect(() => assertReplyMatches(schema, page([{ id: 1, amount: '1.5', secret: 'y' }]), 'GET /x')).toThrow(
      /does not declare: message\.list\.0\.secret/,
    );
  });

  it('refuses a wrong type, a missing field and a float amount', () => {
    expect(() => assertReplyMatches(schema, page([{ id: '1', amount: '1' }]), 'GET /x')).toThrow(ReplyContractError);
    expect(() => assertReplyMatches(schema, page([{ id: 1 }]), 'GET /x')).toThrow(/amount/);
    expect(() => assertReplyMatches(schema, page([{ id: 1, amount: 1.5 }]), 'GET /x')).toThrow(/amount/);
  });

  it('sends the handler’s reply as built, checked or not', async () => {
    for (const check of [true, false]) {
      const app = Fastify({ logger: false });
      app.setSerializerCompiler(replySerializerCompiler(check));
      app.get('/ok', { schema: { response: { 200: okReply(z.object({ a: z.string() })) } } }, async () => ({
        type: 'ok',
        message: { a: 'b' },
      }));
      app.get('/extra', { schema: { response: { 200: okReply(z.object({ a: z.string() })) } } }, async () => ({
        type: 'ok',
        message: { a: 'b', hidden: 1 },
      }));
      const good = await app.inject('/ok');
      expect(good.json()).toEqual({ type: 'ok', message: { a: 'b' } });
      const extra = await app.inject('/extra');
      // Unchecked, nothing is stripped or refused; checked, the reply fails rather than leak undeclared data.
      expect(extra.statusCode).toBe(check ? 500 : 200);
      await app.close();
    }
  });
});
