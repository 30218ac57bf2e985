import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CoinList } from '../../../components/coin-list';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { ErrorState } from '../../../components/state-view';
import { PATHS } from '../../../lib/paths';
import { movableCoins, walletListQuery } from '../../../lib/wallet-api';

/** Deposit, step one: which coin. */
export function DepositPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const wallet = useQuery(walletListQuery());
  const navRight = (
    <button
      type="button"
      className="text-link"
      onClick={() => navigate(`${PATHS.assetsRecord}?tab=deposit`)}
      data-testid="deposit-records"
    >
      {t('deposit.records')}
    </button>
  );
  return (
    <Page title={t('sections.deposit')} testId="deposit-page" navRight={navRight}>
      <p className="page-intro">{t('deposit.choose_coin')}</p>
      {wallet.isPending ? (
        <PageLoader inline />
      ) : !wallet.data ? (
        <ErrorState onRetry={() => void wallet.refetch()} />
      ) : (
        <CoinList
          coins={movableCoins(wallet.data)}
          onChoose={(coin) => navigate(`${PATHS.depositCharge}?currency=${coin.currency_id}`)}
          testId="deposit-coin"
        />
      )}
    </Page>
  );
}
