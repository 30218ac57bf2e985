import { useNavigate } from 'react-router';
import { CoinChoicePage } from '../../../components/coin-choice-page';
import { PATHS } from '../../../lib/paths';

/** Deposit, step one: which coin. */
export function DepositPage() {
  const navigate = useNavigate();
  return <CoinChoicePage kind="deposit" onChoose={(coin) => navigate(`${PATHS.depositCharge}?currency=${coin.currency_id}`)} />;
}
