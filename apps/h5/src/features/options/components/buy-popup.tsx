import { sanitizeAmountInput } from '@app/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import Popup from 'antd-mobile/es/components/popup';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmSheet } from '../../../components/confirm-sheet';
import { DemoBadge } from '../../../components/demo-badge';
import { isApiError } from '../../../lib/api';
import { showMessage } from '../../../lib/loading-indicator';
import type { PairView } from '../../../lib/market-api';
import { formatAmount, formatMoney, formatQuoted } from '../../../lib/number-format';
import { PATHS } from '../../../lib/paths';
import { currenciesQuery, type OptionOrder, optionsKeys, secondsQuery, submitOption } from '../api/options-api';
import { checkStake, winPayout } from '../countdown';
import '../../../components/sheet-panel.css';
import './buy-popup.css';

type Props = {
  pair: PairView;
  direction: 1 | 2 | null;
  onClose: () => void;
  onBought: (order: OptionOrder) => void;
};

/**
 * The buy popup: the delivery time first (with its profit and loss ratios), then the stake within the
 * time's limits and the option account's balance. The server checks everything again; its message is
 * shown as it comes (minimum purchase limit, verification, balance…).
 */
export function BuyPopup({ pair, direction, onClose, onBought }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const seconds = useQuery({ ...secondsQuery(), enabled: direction !== null });
  const currencies = useQuery({ ...currenciesQuery(), enabled: direction !== null });
  const [chosen, setChosen] = useState<number | undefined>();
  const [stake, setStake] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    if (direction !== null) setError(undefined);
  }, [direction]);

  const time = seconds.data?.find((s) => s.seconds === chosen);
  const coin = currencies.data?.find((c) => c.id === pair.legal_id);
  const decimals = coin?.decimals ?? 6;
  const up = direction === 1;

  const check = () => {
    const problem = checkStake(stake, time, coin?.balance);
    if (problem) {
      const range = time ? `${formatAmount(time.min_num)} – ${formatAmount(time.max_num)} ${pair.legal_name}` : '';
      setError(t(`option.check.${problem}`, { range }));
      return;
    }
    // A purchase is final once its second ends: direction, stake, period and payout are shown first.
    setConfirming(true);
  };

  const submit = async () => {
    setConfirming(false);
    if (!time || direction === null) return;
    setSending(true);
    setError(undefined);
    try {
      const order = await submitOption({
        match_id: pair.id,
        currency_id: pair.legal_id,
        type: direction,
        seconds: time.seconds,
        number: stake.trim(),
      });
      showMessage(t('option.bought'), 'success');
      void queryClient.invalidateQueries({ queryKey: optionsKeys.all });
      setStake('');
      onBought(order);
    } catch (e) {
      if (isApiError(e) && e.kind !== 'logged_out') setError(e.message);
    } finally {
      setSending(false);
    }
  };

  return (
    <Popup
      visible={direction !== null}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      bodyClassName="option-buy sheet-panel"
    >
      <div className="option-buy__head" data-testid="option-buy-popup">
        <span className={`option-buy__side option-buy__side--${up ? 'up' : 'down'}`}>
          {up ? t('option.buy_up') : t('option.buy_down')}
        </span>
        <span className="option-buy__symbol">{pair.symbol}</span>
        <span className="option-buy__price" data-testid="option-buy-price">
          {formatQuoted(pair.now_price)}
        </span>
        <DemoBadge show={pair.demo} testId="option-buy-demo" />
      </div>

      <div className="option-buy__label">{t('option.delivery_time')}</div>
      <div className="option-buy__times">
        {seconds.data?.map((s) => (
          <button
            key={s.id}
            type="button"
            aria-pressed={s.seconds === chosen}
            className={`option-buy__time${s.seconds === chosen ? ' option-buy__time--active' : ''}`}
            onClick={() => {
              setChosen(s.seconds);
              setError(undefined);
            }}
            data-testid={`option-time-${s.seconds}`}
          >
            <span className="option-buy__time-s">{t('option.seconds', { n: s.seconds })}</span>
            <span className="option-buy__time-ratio">{t('option.profit_short', { p: s.profit_ratio })}</span>
          </button>
        ))}
        {seconds.isPending ? <span className="option-buy__muted">{t('common.loading')}</span> : null}
      </div>
      {time ? (
        <div className="option-buy__terms" data-testid="option-terms">
          {t('option.terms', { profit: time.profit_ratio, loss: time.loss_ratio })}
        </div>
      ) : null}

      <div className="option-buy__label">{t('option.stake')}</div>
      <Input
        className="option-buy__input"
        inputMode="decimal"
        value={stake}
        placeholder={
          time
            ? t('option.stake_range', { min: formatAmount(time.min_num), max: formatAmount(time.max_num), coin: pair.legal_name })
            : t('option.choose_time')
        }
        onChange={(v) => {
          setStake(sanitizeAmountInput(v, decimals));
          setError(undefined);
        }}
        data-testid="option-stake"
      />
      <div className="option-buy__row">
        <span>{t('option.balance')}</span>
        <span data-testid="option-balance">{coin ? `${formatMoney(coin.balance, coin.name)}` : '—'}</span>
      </div>
      <div className="option-buy__row">
        <span>{t('option.payout_if_win')}</span>
        <span data-testid="option-expected">
          {time && stake && !checkStake(stake, time, undefined)
            ? `${formatMoney(winPayout(stake, time.profit_ratio, decimals), pair.legal_name)}`
            : '—'}
        </span>
      </div>
      <button type="button" className="option-buy__link" onClick={() => navigate(PATHS.transfer)} data-testid="option-transfer">
        {t('option.transfer_hint')}
      </button>
      {error ? (
        <div className="option-buy__error tone-danger" role="alert" data-testid="option-buy-error">
          {error}
        </div>
      ) : null}
      <Button
        block
        color={up ? 'success' : 'danger'}
        loading={sending}
        onClick={check}
        className="option-buy__confirm"
        data-testid="option-buy-confirm"
      >
        {up ? t('option.confirm_up') : t('option.confirm_down')}
      </Button>
      <ConfirmSheet
        visible={confirming && direction !== null}
        testId="option-confirm"
        title={t('confirm.option_title', { symbol: pair.symbol })}
        tone={up ? 'up' : 'down'}
        rows={[
          { label: t('confirm.direction'), value: up ? t('option.up') : t('option.down'), testId: 'option-confirm-direction' },
          { label: t('option.stake'), value: formatMoney(stake.trim(), pair.legal_name), testId: 'option-confirm-stake' },
          {
            label: t('confirm.period'),
            value: time ? t('option.seconds', { n: time.seconds }) : '—',
            testId: 'option-confirm-period',
          },
          {
            label: t('option.payout_if_win'),
            value:
              time && !checkStake(stake, time, undefined)
                ? formatMoney(winPayout(stake.trim(), time.profit_ratio, decimals), pair.legal_name)
                : '—',
            testId: 'option-confirm-payout',
          },
        ]}
        notice={time ? t('confirm.option_risk', { loss: time.loss_ratio }) : undefined}
        confirmText={up ? t('option.confirm_up') : t('option.confirm_down')}
        onConfirm={() => void submit()}
        onCancel={() => setConfirming(false)}
      />
    </Popup>
  );
}
