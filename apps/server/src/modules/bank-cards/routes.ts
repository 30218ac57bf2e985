import { CARD_NUMBER_PATTERN, isValidIban, normalizeCardNumber, normalizeIban, normalizeSwift, SWIFT_PATTERN } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalText, requiredText } from '../../lib/fields.js';
import { ok } from '../../lib/reply.js';
import { bankCardOf, saveBankCard } from './service.js';

const tags = ['bank card'];

/** Optional text normalized before it is checked; empty counts as absent. */
const optionalNormalized = (normalize: (v: string) => string, check: (v: string) => boolean) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : normalize(v)) : v),
    z.string({ message: 'field_invalid' }).refine(check, 'field_invalid').optional(),
  );

const cardBody = z.object({
  holder_name: requiredText(100),
  card_number: z.preprocess(
    (v) => (typeof v === 'string' ? normalizeCardNumber(v) : v),
    z.string({ message: 'field_required' }).min(1, 'field_required').regex(CARD_NUMBER_PATTERN, 'field_invalid'),
  ),
  bank_name: requiredText(100),
  branch: optionalText(200),
  bank_address: optionalText(300),
  swift: optionalNormalized(normalizeSwift, (v) => SWIFT_PATTERN.test(v)),
  iban: optionalNormalized(normalizeIban, isValidIban),
  payee_address: optionalText(300),
  postal_code: optionalText(20),
});

export async function bankCardRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.requireUser };

  app.post('/user/cash_info', { ...auth, schema: { tags, summary: "The user's bank card, or null" } }, async (request) =>
    ok(await bankCardOf(app.db, request.user!.id)),
  );

  app.post(
    '/user/cash_save',
    { ...auth, schema: { tags, summary: 'Save the bank card (replaces the previous one)', body: cardBody } },
    async (request) => {
      const b = request.body;
      return ok(
        await saveBankCard(app.db, request.user!.id, {
          holderName: b.holder_name,
          cardNumber: b.card_number,
          bankName: b.bank_name,
          branch: b.branch ?? null,
          bankAddress: b.bank_address ?? null,
          swift: b.swift ?? null,
          iban: b.iban ?? null,
          payeeAddress: b.payee_address ?? null,
          postalCode: b.postal_code ?? null,
        }),
      );
    },
  );
}
