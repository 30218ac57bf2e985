import type { Db } from '../../db/client.js';
import { type BankCardRow, type BankCardValues, findCard, saveCard } from './repo.js';

export function cardView(card: BankCardRow | undefined) {
  if (!card) return null;
  return {
    holder_name: card.holderName,
    card_number: card.cardNumber,
    bank_name: card.bankName,
    branch: card.branch,
    bank_address: card.bankAddress,
    swift: card.swift,
    iban: card.iban,
    payee_address: card.payeeAddress,
    postal_code: card.postalCode,
    updated_at: card.updatedAt.toISOString(),
  };
}

export async function bankCardOf(db: Db, userId: number) {
  return cardView(await findCard(db, userId));
}

export async function saveBankCard(db: Db, userId: number, values: BankCardValues) {
  await saveCard(db, userId, values);
  return bankCardOf(db, userId);
}
