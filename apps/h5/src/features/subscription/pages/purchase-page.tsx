import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmSheet } from '../../../components/confirm-sheet';
import { FormField } from '../../../components/form-field';
import { Callout } from '../../../components/state-view';
import { isApiError } from '../../../lib/api';
import { showMessage } from '../../../lib/loading-indicator';
import { formatAmount } from '../../../lib/number-format';
import { PATHS } from '../../../lib/paths';
import { walletKeys } from '../../../lib/wallet-api';
import { type ProjectInfo, subscribe, subscriptionKeys } from '../api/subscription-api';
import { ProjectPage } from '../components/project-page';
import { checkPurchase, coinsFor, maxPurchase, windowOpen } from '../purchase-rules';
import '../subscription.css';
import { AmountInput } from '../../../components/amount-input';
import { AmountSuffix, AvailableHint } from '../../../components/amount-suffix';
import { SubmitButton } from '../../../components/submit-button';
import { invalidateAll } from '../../../lib/query-client';

/**
 * Subscribing (spec: /pages/publication/purchase): the amount in the subscription currency, checked
 * as the server checks it (minimum, the user's quota left, the balance, the currency's decimals), with
 * the coins it buys at the issue price. The amount is frozen until the allocation.
 */
export function PublicationPurchasePage() {
  const { t } = useTranslation();
  return (
    <ProjectPage title={t('publication.purchase')} testId="publication-purchase-page">
      {(project, reload) => <PurchaseForm p={project} reload={reload} />}
    </ProjectPage>
  );
}

/** The subscription form once the project is read; a refusal reads the project again (quota, window). */
function PurchaseForm({ p, reload }: { p: ProjectInfo; reload: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const [confirming, setConfirming] = useState(false);

  const mutation = useMutation({
    mutationFn: subscribe,
    onSuccess: async () => {
      showMessage(t('publication.subscribed_ok'), 'success');
      await invalidateAll(queryClient, [subscriptionKeys.all, walletKeys.all]);
      navigate(`${PATHS.publication}?tab=mine`, { replace: true });
    },
    onError: (error) => {
      if (isApiError(error)) setServerError(error.fields?.amount ?? undefined);
      reload();
    },
  });

  const pay = p.subscribe_currency_name;
  const coin = p.new_currency_name;
  const open = windowOpen(p);
  const error = checkPurchase(amount, p);
  const shownError =
    serverError ??
    (touched && error
      ? t(`errors.${error}`, { min: p.min_amount, max: p.max_amount, left: p.mine?.remaining ?? p.max_amount })
      : undefined);
  const expected = error ? undefined : coinsFor(amount.trim(), p);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setServerError(undefined);
    if (error || !open) return;
    // The amount is frozen until the allocation: what is paid and for what is shown once more first.
    setConfirming(true);
  };

  return (
    <form className="form-body" onSubmit={onSubmit} noValidate>
      {!open ? (
        <Callout tone="danger" testId="publication-purchase-closed">
          {p.phase === 'upcoming' ? t('errors.subscription_not_started') : t('errors.subscription_ended')}
        </Callout>
      ) : null}
      {p.oversubscribed ? (
        <Callout tone="info" testId="publication-purchase-pro-rata">
          {t('publication.pro_rata_note')}
        </Callout>
      ) : null}
      <div className="publication-purchase__coin">
        <span className="publication-card__code">{coin}</span>
        <span className="publication-card__name">
          1 {coin} = {formatAmount(p.issue_price, 10)} {pay}
        </span>
      </div>
      <FormField
        label={t('publication.amount_label', { coin: pay })}
        error={shownError}
        testId="publication-amount"
        hint={
          <AvailableHint
            amount={p.mine?.available ?? '0'}
            decimals={p.subscribe_decimals}
            coin={pay}
            testId="publication-available"
          />
        }
        suffix={
          <AmountSuffix
            unit={pay}
            onAll={() => {
              setAmount(maxPurchase(p));
              setTouched(true);
              setServerError(undefined);
            }}
            testId="publication-all"
          />
        }
      >
        <AmountInput
          value={amount}
          onChange={(v) => {
            setAmount(v);
            setServerError(undefined);
          }}
          onBlur={() => setTouched(true)}
          decimals={p.subscribe_decimals}
          placeholder={t('publication.amount_placeholder', {
            min: formatAmount(p.min_amount),
            max: formatAmount(p.mine?.remaining ?? p.max_amount),
          })}
        />
      </FormField>
      <dl className="publication-summary fact-list fact-list--figures fact-list--boxed" data-testid="publication-summary">
        <dt>{t('publication.limits')}</dt>
        <dd>
          {formatAmount(p.min_amount)} – {formatAmount(p.max_amount)} {pay}
        </dd>
        <dt>{t('publication.my_remaining')}</dt>
        <dd data-testid="publication-quota">
          {formatAmount(p.mine?.remaining ?? p.max_amount)} {pay}
        </dd>
        <dt>{t('publication.expected_coins')}</dt>
        <dd data-testid="publication-expected">{expected ? `${formatAmount(expected.quantity)} ${coin}` : '—'}</dd>
        <dt>{t('publication.lock_up')}</dt>
        <dd>{t('publication.days', { count: p.lock_days })}</dd>
      </dl>
      <SubmitButton note={t('publication.freeze_note')} loading={mutation.isPending} disabled={!open} testId="publication-submit">
        {t('publication.confirm')}
      </SubmitButton>
      <ConfirmSheet
        visible={confirming}
        testId="publication-confirm"
        title={t('confirm.subscribe_title', { coin })}
        rows={[
          { label: t('confirm.pay'), value: `${formatAmount(amount.trim())} ${pay}`, testId: 'publication-confirm-amount' },
          { label: t('publication.issue_price'), value: `1 ${coin} = ${formatAmount(p.issue_price, 10)} ${pay}` },
          {
            label: t('publication.expected_coins'),
            value: expected ? `${formatAmount(expected.quantity)} ${coin}` : '—',
            testId: 'publication-confirm-coins',
          },
          { label: t('publication.lock_up'), value: t('publication.days', { value: p.lock_days }) },
        ]}
        notice={t('confirm.subscribe_notice')}
        confirmText={t('publication.confirm')}
        onConfirm={() => {
          setConfirming(false);
          mutation.mutate({ config_id: p.id, amount: amount.trim() });
        }}
        onCancel={() => setConfirming(false)}
      />
    </form>
  );
}
