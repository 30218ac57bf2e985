import { bankCardsApi as api } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { routeGroup, signedIn } from '../../plugins/route-group.js';
import { bankCardOf, saveBankCard } from './service.js';

const tags = ['bank card'];

export async function bankCardRoutes(app: FastifyInstance) {
  const user = routeGroup(app, tags, signedIn);

  user.post('/user/cash_info', {
    summary: "The user's bank card, or null",
    reply: api.infoReply,
    handler: (request) => bankCardOf(app.db, request.user!.id),
  });

  user.post('/user/cash_save', {
    summary: 'Save the bank card (replaces the previous one)',
    body: api.saveBody,
    reply: api.saveReply,
    handler: (request) => {
      const b = request.body;
      return saveBankCard(app.db, request.user!.id, {
        holderName: b.holder_name,
        cardNumber: b.card_number,
        bankName: b.bank_name,
        branch: b.branch ?? null,
        bankAddress: b.bank_address ?? null,
        swift: b.swift ?? null,
        iban: b.iban ?? null,
        payeeAddress: b.payee_address ?? null,
        postalCode: b.postal_code ?? null,
      });
    },
  });
}
