import Button from 'antd-mobile/es/components/button';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PairView } from '../../../lib/market-api';
import type { WalletList } from '../../../lib/wallet-api';
import { orderTotal, type Side, usesTotal } from '../order-checks';
import { placesOf } from '../steps';
import { useOrderForm } from '../use-order-form';
import { OrderFacts, OrderField, OrderPercents, OrderTabs } from './order-form-parts';
import '../../../components/trade-form.css';
import './order-form.css';

type Props = {
  /** The pair's listing (not its live ticker: a tick a second would re-render the whole form). */
  pair: PairView;
  /** The price the price field starts with: the pair's first known last price (null while none). */
  seedPrice: string | null;
  side: Side;
  onSide: (side: Side) => void;
  wallet: WalletList | undefined;
  /** A price tapped in the book: put into the price field (`at` makes a repeated tap count). */
  picked: { price: string; at: number } | null;
};

/**
 * Buy or sell one pair: limit (price and amount) or market (amount to sell, or quote total to spend),
 * the balance it draws on, 25/50/75/100 % shortcuts, and client checks before anything is sent.
 */
export const OrderForm = memo(function OrderForm({ pair, seedPrice, side, onSide, wallet, picked }: Props) {
  const { t } = useTranslation();
  const form = useOrderForm({ pair, seedPrice, side, wallet, picked });
  const { fields, input, quoteDecimals, messageFor } = form;
  const { kind, price, amount, total } = fields;
  const clearServer = () => fields.setServerError(undefined);
  const field = (
    name: 'price' | 'amount' | 'total',
    value: string,
    onChange: (v: string) => void,
    places: number,
    unit: string,
    placeholder: string,
  ) => (
    <OrderField
      name={name}
      value={value}
      onChange={onChange}
      places={places}
      unit={unit}
      placeholder={placeholder}
      message={messageFor(name)}
      onEdit={clearServer}
    />
  );

  return (
    <form className={`order-form order-form--${side}`} onSubmit={form.submit} noValidate data-testid="order-form">
      <OrderTabs
        side={side}
        onSide={(s) => {
          onSide(s);
          fields.clearChecks();
        }}
        kind={kind}
        onKind={(k) => {
          fields.setKind(k);
          fields.clearChecks();
        }}
      />

      {kind === 'limit' ? (
        field('price', price, fields.setPrice, placesOf(pair.tick_size), pair.legal_name, t('trade.price'))
      ) : (
        <div className="order-form__field">
          <div className="trade-form__control trade-form__control--disabled" data-testid="order-market-price">
            {t('trade.market_price')}
          </div>
        </div>
      )}

      {usesTotal(input)
        ? field('total', total, fields.setTotal, quoteDecimals, pair.legal_name, t('trade.total'))
        : field('amount', amount, fields.setAmount, placesOf(pair.lot_size), pair.currency_name, t('trade.amount'))}

      <OrderPercents onPercent={form.applyPercent} />

      <OrderFacts
        pair={pair}
        side={side}
        showTotal={kind === 'limit'}
        limitTotal={kind === 'limit' ? orderTotal(price, amount) : undefined}
        available={form.available}
        availableDecimals={side === 'buy' ? quoteDecimals : form.baseDecimals}
        quoteDecimals={quoteDecimals}
      />

      <Button
        block
        type="submit"
        shape="rounded"
        className={`order-form__submit trade-form__submit trade-form__submit--${side === 'buy' ? 'up' : 'down'}`}
        loading={form.busy}
        disabled={pair.open_coin_trade !== 1}
        data-testid="order-submit"
      >
        {t(side === 'buy' ? 'trade.buy_coin' : 'trade.sell_coin', { coin: pair.currency_name })}
      </Button>
    </form>
  );
});
