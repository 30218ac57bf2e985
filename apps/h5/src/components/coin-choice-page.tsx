import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../lib/paths';
import { type CoinBalance, movableCoins, walletListQuery } from '../lib/wallet-api';
import { CoinList } from './coin-list';
import { Page } from './page';
import { PageLoader } from './page-loader';
import { ErrorState } from './state-view';
import { TextLink } from './text-link';

/**
 * Step one of moving a coin in or out: the coins deposits and withdrawals are open for, a link to the
 * records on the matching tab, and what else the page offers below the list (`children`).
 */
export function CoinChoicePage({
  kind,
  onChoose,
  note,
  children,
}: {
  kind: 'deposit' | 'withdraw';
  onChoose: (coin: CoinBalance) => void;
  note?: (coin: CoinBalance) => ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const wallet = useQuery(walletListQuery());
  const navRight = (
    <TextLink to={`${PATHS.assetsRecord}?tab=${kind}`} testId={`${kind}-records`}>
      {t(`${kind}.records`)}
    </TextLink>
  );
  return (
    <Page title={t(`sections.${kind}`)} testId={`${kind}-page`} navRight={navRight}>
      <p className="page-intro">{t(`${kind}.choose_coin`)}</p>
      {wallet.isPending ? (
        <PageLoader inline />
      ) : !wallet.data ? (
        <ErrorState onRetry={() => void wallet.refetch()} />
      ) : (
        <CoinList coins={movableCoins(wallet.data)} onChoose={onChoose} note={note} testId={`${kind}-coin`} />
      )}
      {children}
    </Page>
  );
}
