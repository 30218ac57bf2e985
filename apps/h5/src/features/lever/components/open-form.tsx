import type { LeverDeal } from '@app/shared';
import { PLAIN_DECIMAL } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import Switch from 'antd-mobile/es/components/switch';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmSheet } from '../../../components/confirm-sheet';
import { isApiError } from '../../../lib/api';
import { selectUser, useAuthStore } from '../../../lib/auth-store';
import { isConfirmSkipped, setConfirmSkipped } from '../../../lib/confirm-preference';
import { sanitizeAmountInput } from '../../../lib/decimal';
import { showMessage } from '../../../lib/loading-indicator';
import { formatAmount, formatMoney, formatQuoted } from '../../../lib/number-format';
import { type EntryKind, leverKeys, type Side, submitPosition } from '../api/lever-api';
import { checkForm, estimateCost, estimateLiquidation, type LeverField, type LeverProblem } from '../lever-checks';
import '../../../components/trade-form.css';

type Props = { deal: LeverDeal; price: string | null };

const SERVER_FIELDS: Record<string, LeverField> = {
  share: 'lots',
  target_price: 'price',
  target_profit_price: 'stop_profit',
  stop_loss_price: 'stop_loss',
};

/**
 * Open a long or a short: market (at the index) or limit, lots, multiple, optional stop-profit and
 * stop-loss, with the margin and fee it will take from the contract account.
 */
export function OpenForm({ deal, price }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pair = deal.pair;
  const [side, setSide] = useState<Side>('long');
  const [kind, setKind] = useState<EntryKind>('market');
  const [lots, setLots] = useState(String(deal.lots[0] ?? 1));
  const [multiple, setMultiple] = useState(deal.multiple[1] ?? deal.multiple[0] ?? 1);
  const [limitPrice, setLimitPrice] = useState('');
  const [stopOn, setStopOn] = useState(false);
  const [stopProfit, setStopProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const [tried, setTried] = useState(false);
  const [problem, setProblem] = useState<LeverProblem | undefined>();
  const [serverError, setServerError] = useState<{ field: LeverField; message: string } | undefined>();
  const [confirming, setConfirming] = useState(false);
  const userId = useAuthStore(selectUser)?.id;

  // Another pair starts from its own presets.
  useEffect(() => {
    setLots(String(deal.lots[0] ?? 1));
    setMultiple(deal.multiple[1] ?? deal.multiple[0] ?? 1);
    setLimitPrice('');
    setStopProfit('');
    setStopLoss('');
    setTried(false);
    setProblem(undefined);
    setServerError(undefined);
  }, [pair.id]);

  const input = { side, kind, lots, price: limitPrice, stopOn, stopProfit, stopLoss };
  const rules = { tick: pair.tick_size, priceDecimals: pair.price_decimals, maxLots: deal.max_lots, current: price };
  useEffect(() => {
    if (tried) setProblem(checkForm(input, rules));
  }, [tried, side, kind, lots, limitPrice, stopOn, stopProfit, stopLoss, price]);

  const entry = kind === 'limit' ? limitPrice.trim() : price;
  const lotCount = /^\d{1,9}$/.test(lots.trim()) ? Number(lots.trim()) : 0;
  const cost =
    entry && lotCount >= 1 && PLAIN_DECIMAL.test(entry)
      ? estimateCost(entry, deal.lever_share_num, lotCount, multiple, deal.open_fee_rate, deal.balance.decimals)
      : undefined;

  const liquidation =
    entry && lotCount >= 1 && PLAIN_DECIMAL.test(entry)
      ? estimateLiquidation(
          side,
          entry,
          deal.lever_share_num,
          lotCount,
          multiple,
          deal.maintenance_margin_rate,
          deal.balance.decimals,
          pair.price_decimals,
        )
      : null;

  const mutation = useMutation({
    mutationFn: submitPosition,
    onSuccess: async (position) => {
      showMessage(position.status_name === 'entrusted' ? t('lever.entrusted_placed') : t('lever.opened'), 'success');
      setTried(false);
      setProblem(undefined);
      await queryClient.invalidateQueries({ queryKey: leverKeys.all });
    },
    onError: (error) => {
      if (!isApiError(error) || !error.fields) return;
      for (const [name, message] of Object.entries(error.fields)) {
        const field = SERVER_FIELDS[name];
        if (field) return setServerError({ field, message });
      }
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setServerError(undefined);
    const found = checkForm(input, rules);
    setProblem(found);
    if (found) return;
    // Opening risks the margin: the figures are shown once more unless this user said not to ask.
    if (isConfirmSkipped('contract_open', userId)) open();
    else setConfirming(true);
  };

  const open = () => {
    setConfirming(false);
    mutation.mutate({
      pair,
      side,
      kind,
      lots: lots.trim(),
      multiple,
      price: kind === 'limit' ? limitPrice.trim() : undefined,
      stopProfit: stopOn ? stopProfit.trim() : undefined,
      stopLoss: stopOn ? stopLoss.trim() : undefined,
    });
  };

  const messageFor = (field: LeverField) => {
    if (serverError?.field === field) return serverError.message;
    if (problem?.field !== field) return undefined;
    return t(`errors.${problem.code}`, { tick: pair.tick_size, max: deal.max_lots });
  };

  const priceField = (name: LeverField, value: string, onChange: (v: string) => void, placeholder: string) => {
    const message = messageFor(name);
    return (
      <div className="lever-form__field">
        <div
          className={message ? 'trade-form__control trade-form__control--error' : 'trade-form__control'}
          data-testid={`lever-${name}`}
        >
          <Input
            value={value}
            onChange={(v) => {
              onChange(sanitizeAmountInput(v, pair.price_decimals));
              setServerError(undefined);
            }}
            inputMode="decimal"
            autoComplete="off"
            placeholder={placeholder}
            aria-label={placeholder}
          />
          <span className="trade-form__unit">{pair.legal_name}</span>
        </div>
        {message ? (
          <div className="trade-form__error" role="alert" data-testid={`lever-${name}-error`}>
            {message}
          </div>
        ) : null}
      </div>
    );
  };

  const lotsMessage = messageFor('lots');
  return (
    <form className="lever-form" onSubmit={submit} noValidate data-testid="lever-form">
      <div className="trade-form__sides" role="tablist">
        {(['long', 'short'] as const).map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={side === s}
            className={`trade-form__side trade-form__side--${s === 'long' ? 'up' : 'down'}${side === s ? ' trade-form__side--active' : ''}`}
            onClick={() => setSide(s)}
            data-testid={`lever-side-${s}`}
          >
            {t(`lever.${s}`)}
          </button>
        ))}
      </div>

      <div className="trade-form__kinds">
        {(['market', 'limit'] as const).map((k) => (
          <button
            key={k}
            type="button"
            className={kind === k ? 'trade-form__kind trade-form__kind--active' : 'trade-form__kind'}
            onClick={() => setKind(k)}
            data-testid={`lever-kind-${k}`}
          >
            {t(`lever.${k}`)}
          </button>
        ))}
      </div>

      {kind === 'limit' ? (
        priceField('price', limitPrice, setLimitPrice, t('lever.limit_price'))
      ) : (
        <div className="trade-form__control trade-form__control--disabled" data-testid="lever-market-price">
          {t('lever.at_market')}
        </div>
      )}

      <div className="lever-form__label">{t('lever.lots')}</div>
      <div className="lever-form__field">
        <div
          className={lotsMessage ? 'trade-form__control trade-form__control--error' : 'trade-form__control'}
          data-testid="lever-lots"
        >
          <Input
            value={lots}
            onChange={(v) => {
              // Only digits and a point: "1.5" stays as typed, so the check can say lots are whole numbers.
              setLots(v.replace(/[^\d.]/g, ''));
              setServerError(undefined);
            }}
            inputMode="numeric"
            autoComplete="off"
            placeholder={t('lever.lots')}
            aria-label={t('lever.lots')}
          />
          <span className="trade-form__unit">
            {t('lever.lot_unit', { size: deal.lever_share_num, coin: pair.currency_name })}
          </span>
        </div>
        {lotsMessage ? (
          <div className="trade-form__error" role="alert" data-testid="lever-lots-error">
            {lotsMessage}
          </div>
        ) : null}
      </div>
      <div className="lever-form__chips" data-testid="lever-lot-presets">
        {deal.lots.map((n) => (
          <button
            key={n}
            type="button"
            className={lots === String(n) ? 'lever-form__chip lever-form__chip--active' : 'lever-form__chip'}
            onClick={() => setLots(String(n))}
            data-testid={`lever-lots-${n}`}
          >
            {n}
          </button>
        ))}
      </div>

      <div className="lever-form__label">{t('lever.multiple')}</div>
      <div className="lever-form__chips" data-testid="lever-multiples">
        {deal.multiple.map((m) => (
          <button
            key={m}
            type="button"
            className={multiple === m ? 'lever-form__chip lever-form__chip--active' : 'lever-form__chip'}
            onClick={() => setMultiple(m)}
            data-testid={`lever-multiple-${m}`}
          >
            {m}×
          </button>
        ))}
      </div>

      <div className="lever-form__stop-row">
        <span>{t('lever.set_stops')}</span>
        <Switch checked={stopOn} onChange={setStopOn} data-testid="lever-stop-switch" aria-label={t('lever.set_stops')} />
      </div>
      {stopOn ? (
        <div className="lever-form__stops">
          {priceField('stop_profit', stopProfit, setStopProfit, t('lever.stop_profit_price'))}
          {priceField('stop_loss', stopLoss, setStopLoss, t('lever.stop_loss_price'))}
        </div>
      ) : null}

      <dl className="lever-form__cost" data-testid="lever-cost">
        <dt>{t('lever.margin')}</dt>
        <dd data-testid="lever-cost-margin">
          {cost ? `${`${formatAmount(cost.margin, deal.balance.decimals)} ${pair.legal_name}`}` : '—'}
        </dd>
        <dt>{t('lever.fee')}</dt>
        <dd data-testid="lever-cost-fee">
          {cost ? `${`${formatAmount(cost.fee, deal.balance.decimals)} ${pair.legal_name}`}` : '—'}
        </dd>
        <dt>{t('lever.available')}</dt>
        <dd data-testid="lever-available">{formatMoney(deal.balance.available, deal.balance.currency_name)}</dd>
      </dl>

      <Button
        type="submit"
        block
        className={`lever-form__submit lever-form__submit--${side}`}
        loading={mutation.isPending}
        disabled={price === null}
        data-testid="lever-submit"
      >
        {t(side === 'long' ? 'lever.open_long' : 'lever.open_short')}
      </Button>

      <ConfirmSheet
        visible={confirming}
        testId="lever-confirm"
        title={t('confirm.contract_title', { symbol: pair.symbol })}
        tone={side === 'long' ? 'up' : 'down'}
        rows={[
          { label: t('confirm.direction'), value: t(`lever.${side}`), testId: 'lever-confirm-side' },
          {
            label: t('confirm.entry_price'),
            value: kind === 'limit' ? formatQuoted(limitPrice.trim()) : `≈ ${formatQuoted(price)}`,
            testId: 'lever-confirm-entry',
          },
          {
            label: t('lever.lots'),
            value: `${lots.trim()} × ${deal.lever_share_num} ${pair.currency_name}`,
            testId: 'lever-confirm-lots',
          },
          { label: t('confirm.leverage'), value: `${multiple}×`, testId: 'lever-confirm-leverage' },
          {
            label: t('lever.margin'),
            value: cost ? `${formatAmount(cost.margin, deal.balance.decimals)} ${pair.legal_name}` : '—',
            testId: 'lever-confirm-margin',
          },
          {
            label: t('lever.fee'),
            value: cost ? `${formatAmount(cost.fee, deal.balance.decimals)} ${pair.legal_name}` : '—',
            testId: 'lever-confirm-fee',
          },
          {
            label: t('confirm.liquidation_price'),
            value: liquidation === null ? '—' : `≈ ${formatQuoted(liquidation)}`,
            testId: 'lever-confirm-liquidation',
          },
        ]}
        notice={t('confirm.contract_risk', { multiple })}
        confirmText={t(side === 'long' ? 'lever.open_long' : 'lever.open_short')}
        onSkipChoice={(skip) => setConfirmSkipped('contract_open', userId, skip)}
        onConfirm={open}
        onCancel={() => setConfirming(false)}
      />
    </form>
  );
}
