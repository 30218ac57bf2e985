import type { LeverDeal } from '@app/shared';
import Button from 'antd-mobile/es/components/button';
import Switch from 'antd-mobile/es/components/switch';
import { useTranslation } from 'react-i18next';
import type { ContractsField } from '../contracts-checks';
import { useOpenForm } from '../use-open-form';
import { LeverCost, LeverLotsField, LeverMultiples, LeverPriceField, OpenConfirm, OpenTabs } from './open-form-parts';
import '../../../components/trade-form.css';

type Props = { deal: LeverDeal; price: string | null };

/**
 * Open a long or a short: market (at the index) or limit, lots, multiple, optional stop-profit and
 * stop-loss, with the margin and fee it will take from the contract account.
 */
export function OpenForm({ deal, price }: Props) {
  const { t } = useTranslation();
  const pair = deal.pair;
  const state = useOpenForm(deal, price);
  const f = state.fields;
  const clearServer = () => f.setServerError(undefined);
  const priceField = (name: ContractsField, value: string, onChange: (v: string) => void, placeholder: string) => (
    <LeverPriceField
      name={name}
      value={value}
      onChange={onChange}
      placeholder={placeholder}
      message={state.messageFor(name)}
      priceDecimals={pair.price_decimals}
      unit={pair.legal_name}
      onEdit={clearServer}
    />
  );

  return (
    <form className="lever-form" onSubmit={state.submit} noValidate data-testid="lever-form">
      <OpenTabs side={f.side} onSide={f.setSide} kind={f.kind} onKind={f.setKind} />

      {f.kind === 'limit' ? (
        priceField('price', f.limitPrice, f.setLimitPrice, t('lever.limit_price'))
      ) : (
        <div className="trade-form__control trade-form__control--disabled" data-testid="lever-market-price">
          {t('lever.at_market')}
        </div>
      )}

      <LeverLotsField deal={deal} lots={f.lots} onLots={f.setLots} message={state.messageFor('lots')} onEdit={clearServer} />
      <LeverMultiples multiples={deal.multiple} multiple={f.multiple} onMultiple={f.setMultiple} />

      <div className="lever-form__stop-row">
        <span>{t('lever.set_stops')}</span>
        <Switch checked={f.stopOn} onChange={f.setStopOn} data-testid="lever-stop-switch" aria-label={t('lever.set_stops')} />
      </div>
      {f.stopOn ? (
        <div className="lever-form__stops">
          {priceField('stop_profit', f.stopProfit, f.setStopProfit, t('lever.stop_profit_price'))}
          {priceField('stop_loss', f.stopLoss, f.setStopLoss, t('lever.stop_loss_price'))}
        </div>
      ) : null}

      <LeverCost deal={deal} cost={state.cost} />

      <Button
        type="submit"
        block
        className={`lever-form__submit trade-form__submit trade-form__submit--${f.side === 'long' ? 'up' : 'down'}`}
        loading={state.pending}
        disabled={price === null}
        data-testid="lever-submit"
      >
        {t(f.side === 'long' ? 'lever.open_long' : 'lever.open_short')}
      </Button>

      <OpenConfirm deal={deal} price={price} state={state} />
    </form>
  );
}
