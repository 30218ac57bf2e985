import type { BankCard } from '../lib/bank-card-api';
import { maskCardNumber } from '../lib/format';
import './bank-card-face.css';

/**
 * The user's bound bank card as a card face, its number masked: on the card page and where a bank
 * withdrawal names the card it pays out to. `testId` marks the card, `<testId>-bank` and
 * `<testId>-masked` its bank and number.
 */
export function BankCardFace({ card, testId }: { card: BankCard; testId: string }) {
  return (
    <section className="bank-card-face" data-testid={testId}>
      <div className="bank-card-face__bank" data-testid={`${testId}-bank`}>
        {card.bank_name}
      </div>
      <div className="bank-card-face__number" data-testid={`${testId}-masked`}>
        {maskCardNumber(card.card_number)}
      </div>
      <div className="bank-card-face__holder">{card.holder_name}</div>
    </section>
  );
}
