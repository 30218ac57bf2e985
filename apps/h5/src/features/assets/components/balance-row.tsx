import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { useTranslation } from 'react-i18next';
import { CoinIcon } from '../../../components/coin-icon';
import { formatAmount, formatCoinAmount } from '../../../lib/number-format';
import type { CoinBalance } from '../../../lib/wallet-api';
import './balance-row.css';
import { TapRow } from '../../../components/tap-row';

/** One coin of an account: total, available, frozen and its USDT value. */
export function BalanceRow({ coin, onClick, testId }: { coin: CoinBalance; onClick?: () => void; testId?: string }) {
  const { t } = useTranslation();
  const body = (
    <>
      <div className="balance-row__head">
        <CoinIcon icon={coin.icon} name={coin.currency_name} size={30} />
        <span className="balance-row__coin">{coin.currency_name}</span>
        <span className="balance-row__total" data-testid={testId ? `${testId}-total` : undefined}>
          {formatCoinAmount(coin.total, coin.currency_name, coin.decimals)}
        </span>
        {onClick ? <RightOutline className="list-row__arrow" fontSize={12} /> : null}
      </div>
      <div className="balance-row__grid">
        <span className="balance-row__label">{t('assets.available')}</span>
        <span className="balance-row__label">{t('assets.frozen')}</span>
        <span className="balance-row__label balance-row__right">{t('assets.value_usdt')}</span>
        <span className="balance-row__num" data-testid={testId ? `${testId}-available` : undefined}>
          {formatCoinAmount(coin.available, coin.currency_name, coin.decimals)}
        </span>
        <span className="balance-row__num" data-testid={testId ? `${testId}-frozen` : undefined}>
          {formatCoinAmount(coin.frozen, coin.currency_name, coin.decimals)}
        </span>
        <span className="balance-row__num balance-row__right">{formatAmount(coin.usdt_value, 2, 2)}</span>
      </div>
    </>
  );
  return (
    <TapRow
      className="list-row balance-row"
      linkClassName="list-row list-row--link balance-row"
      onClick={onClick}
      testId={testId}
    >
      {body}
    </TapRow>
  );
}
