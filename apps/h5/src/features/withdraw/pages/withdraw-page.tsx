import { useQuery } from '@tanstack/react-query';
import CollectMoneyOutline from 'antd-mobile-icons/es/CollectMoneyOutline';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CoinList } from '../../../components/coin-list';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { SettingsGroup, SettingsRow } from '../../../components/settings-list';
import { ErrorState } from '../../../components/state-view';
import { formatAmount } from '../../../lib/number-format';
import { PATHS } from '../../../lib/paths';
import { movableCoins, walletListQuery } from '../../../lib/wallet-api';

/** Withdraw, step one: which coin (with what is available of it), or to the bank card. */
export function WithdrawPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const wallet = useQuery(walletListQuery());
  const navRight = (
    <button
      type="button"
      className="text-link"
      onClick={() => navigate(`${PATHS.assetsRecord}?tab=withdraw`)}
      data-testid="withdraw-records"
    >
      {t('withdraw.records')}
    </button>
  );
  return (
    <Page title={t('sections.withdraw')} testId="withdraw-page" navRight={navRight}>
      <p className="page-intro">{t('withdraw.choose_coin')}</p>
      {wallet.isPending ? (
        <PageLoader inline />
      ) : !wallet.data ? (
        <ErrorState onRetry={() => void wallet.refetch()} />
      ) : (
        <CoinList
          coins={movableCoins(wallet.data)}
          onChoose={(coin) => navigate(`${PATHS.withdrawDetail}?currency=${coin.currency_id}`)}
          note={(coin) => t('withdraw.available_short', { amount: formatAmount(coin.available, coin.decimals) })}
          testId="withdraw-coin"
        />
      )}
      <SettingsGroup>
        <SettingsRow
          icon={<CollectMoneyOutline />}
          label={t('withdraw.to_bank')}
          onClick={() => navigate(PATHS.withdrawBank)}
          testId="withdraw-to-bank"
        />
      </SettingsGroup>
    </Page>
  );
}
