import CollectMoneyOutline from 'antd-mobile-icons/es/CollectMoneyOutline';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CoinChoicePage } from '../../../components/coin-choice-page';
import { SettingsGroup, SettingsRow } from '../../../components/settings-list';
import { formatAmount } from '../../../lib/number-format';
import { PATHS } from '../../../lib/paths';

/** Withdraw, step one: which coin (with what is available of it), or to the bank card. */
export function WithdrawPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <CoinChoicePage
      kind="withdraw"
      onChoose={(coin) => navigate(`${PATHS.withdrawDetail}?currency=${coin.currency_id}`)}
      note={(coin) => t('withdraw.available_short', { amount: formatAmount(coin.available, coin.decimals) })}
    >
      <SettingsGroup>
        <SettingsRow
          icon={<CollectMoneyOutline />}
          label={t('withdraw.to_bank')}
          onClick={() => navigate(PATHS.withdrawBank)}
          testId="withdraw-to-bank"
        />
      </SettingsGroup>
    </CoinChoicePage>
  );
}
