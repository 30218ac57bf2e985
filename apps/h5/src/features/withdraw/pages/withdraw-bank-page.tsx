import { WithdrawDetailPage } from './withdraw-detail-page';

/** Withdrawal to the bound bank card: the withdrawal form with the card as its destination. */
export function WithdrawBankPage() {
  return <WithdrawDetailPage mode="bank" />;
}
