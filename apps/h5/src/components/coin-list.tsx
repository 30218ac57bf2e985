import RightOutline from 'antd-mobile-icons/es/RightOutline';
import type { ReactNode } from 'react';
import type { CoinBalance } from '../lib/wallet-api';
import { CoinIcon } from './coin-icon';
import './coin-list.css';

/** The coins to choose from (deposit, withdraw), each with an optional note (the available balance). */
export function CoinList({
  coins,
  onChoose,
  note,
  testId,
}: {
  coins: readonly CoinBalance[];
  onChoose: (coin: CoinBalance) => void;
  note?: (coin: CoinBalance) => ReactNode;
  testId: string;
}) {
  return (
    <div className="section-card coin-list" data-testid={testId}>
      {coins.map((coin) => (
        <button
          type="button"
          key={coin.currency_id}
          className="list-row list-row--link coin-list__item"
          onClick={() => onChoose(coin)}
          data-testid={`${testId}-${coin.currency_name}`}
        >
          <CoinIcon icon={coin.icon} name={coin.currency_name} size={34} />
          <span className="coin-list__name">{coin.currency_name}</span>
          {note ? <span className="coin-list__note">{note(coin)}</span> : null}
          <RightOutline className="list-row__arrow" fontSize={14} />
        </button>
      ))}
    </div>
  );
}
