import { bankCardsApi as api, okReply } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import { bankCardOf, saveBankCard } from './service.js';

const tags = ['bank card'];

export async function bankCardRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.requireUser };

  app.post(
    '/user/cash_info',
    { ...auth, schema: { tags, summary: "The user's bank card, or null", response: { 200: okReply(api.infoReply) } } },
    async (request) => ok(await bankCardOf(app.db, request.user!.id)),
  );

  app.post(
    '/user/cash_save',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Save the bank card (replaces the previous one)',
        body: api.saveBody,
        response: { 200: okReply(api.saveReply) },
      },
    },
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
