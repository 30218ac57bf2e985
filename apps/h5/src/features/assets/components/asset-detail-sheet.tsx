import Popup from 'antd-mobile/es/components/popup';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CoinIcon } from '../../../components/coin-icon';
import { formatAmount } from '../../../lib/number-format';
import { PATHS } from '../../../lib/paths';
import type { AccountKind, CoinBalance } from '../../../lib/wallet-api';
import './asset-detail-sheet.css';

type Props = { coin: CoinBalance | null; account: AccountKind; onClose: () => void };

/** Asset details: one coin in one account, with what can be done with it from here. */
export function AssetDetailSheet({ coin, account, onClose }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const go = (path: string) => {
    onClose();
    navigate(path);
  };
  return (
    <Popup visible={!!coin} onMaskClick={onClose} onClose={onClose} bodyClassName="asset-detail" destroyOnClose>
      {coin ? (
        <div data-testid="asset-detail">
          <div className="asset-detail__head">
            <CoinIcon icon={coin.icon} name={coin.currency_name} size={40} />
            <div>
              <div className="asset-detail__coin">{coin.currency_name}</div>
              <div className="asset-detail__account">{t(`money.account_name.${account}`)}</div>
            </div>
          </div>
          <dl className="asset-detail__rows fact-list fact-list--figures">
            <dt>{t('assets.total')}</dt>
            <dd data-testid="asset-detail-total">{formatAmount(coin.total, coin.decimals)}</dd>
            <dt>{t('assets.available')}</dt>
            <dd data-testid="asset-detail-available">{formatAmount(coin.available, coin.decimals)}</dd>
            <dt>{t('assets.frozen')}</dt>
            <dd data-testid="asset-detail-frozen">{formatAmount(coin.frozen, coin.decimals)}</dd>
            <dt>{t('assets.value_usdt')}</dt>
            <dd>≈ {formatAmount(coin.usdt_value, 2, 2)} USDT</dd>
          </dl>
          <div className="asset-detail__actions">
            {account === 'coin' ? (
              <>
                <button type="button" onClick={() => go(`${PATHS.depositCharge}?currency=${coin.currency_id}`)}>
                  {t('assets.deposit')}
                </button>
                <button type="button" onClick={() => go(`${PATHS.withdrawDetail}?currency=${coin.currency_id}`)}>
                  {t('assets.withdraw')}
                </button>
              </>
            ) : null}
            <button
              type="button"
              onClick={() => go(`${PATHS.transfer}?from=${account}&currency=${coin.currency_id}`)}
              data-testid="asset-detail-transfer"
            >
              {t('assets.transfer')}
            </button>
            <button type="button" onClick={() => go(`${PATHS.tradeAccount}?type=${account}`)}>
              {t('assets.account_records')}
            </button>
          </div>
        </div>
      ) : null}
    </Popup>
  );
}
