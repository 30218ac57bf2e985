import { REVIEW_STATUS } from '@app/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BankCardFace } from '../../../components/bank-card-face';
import { ChoiceSheet } from '../../../components/choice-sheet';
import { CoinIcon } from '../../../components/coin-icon';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { EmptyState, ErrorState, StateAction } from '../../../components/state-view';
import type { CoinBalance } from '../../../lib/wallet-api';
import type { WithdrawInfo } from '../../../lib/withdraw-info-api';
import { WithdrawChainAddress } from '../components/withdraw-destination';
import { WithdrawAmountField, WithdrawRemarkField, WithdrawSummary } from '../components/withdraw-fields';
import { WithdrawNotices } from '../components/withdraw-notices';
import { useWithdrawData, useWithdrawForm, type WithdrawData, type WithdrawFormState } from '../use-withdraw-detail';
import { maxWithdrawable, totalDeducted } from '../withdraw-schema';
import './withdraw-detail-page.css';
import { FundPasswordField } from '../../../components/fund-password-field';
import { SubmitButton } from '../../../components/submit-button';
import { TextLink } from '../../../components/text-link';
import { PATHS } from '../../../lib/paths';
import { refetchAll } from '../../../lib/query-client';

/**
 * Withdraw, step two: chain, an address from the address book, the amount (with "all", the fee, the
 * minimum and what arrives), today's remaining withdrawals, an optional remark and the fund password.
 * With `mode="bank"` the destination is the user's bound bank card instead of a chain address (the
 * spec's withdraw/bank page); everything else is the same request, reviewed the same way.
 */
export function WithdrawDetailPage({ mode = 'chain' }: { mode?: 'chain' | 'bank' }) {
  const bank = mode === 'bank';
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loaded = useWithdrawData(bank);
  const state = useWithdrawForm(bank, loaded);
  const { info, card, user, coin, destination } = loaded;
  const data = info.data;

  const title = bank
    ? t('withdraw.bank_title')
    : t('withdraw.title_coin', { coin: data?.currency_name ?? coin?.currency_name ?? '' });
  const wrap = (body: ReactNode) => (
    <WithdrawFrame title={title} bank={bank}>
      {body}
    </WithdrawFrame>
  );

  if (info.isPending || destination.isPending || user.isPending) return wrap(<PageLoader />);
  if (!data || destination.isError || !user.data) {
    return wrap(<ErrorState onRetry={() => void refetchAll(info, destination, user)} />);
  }
  if (bank && !card.data) {
    return wrap(
      <EmptyState
        text={t('withdraw.bank_none')}
        testId="withdraw-bank-empty"
        action={
          <StateAction onClick={() => navigate(PATHS.bankAdd)} testId="withdraw-bank-bind">
            {t('bank.add')}
          </StateAction>
        }
      />,
    );
  }
  return wrap(
    <WithdrawDetailBody
      bank={bank}
      data={data}
      loaded={loaded}
      state={state}
      verified={user.data.review_status === REVIEW_STATUS.verified}
      hasPayPassword={user.data.has_pay_password}
    />,
  );
}

/** The page around every state of the withdraw page: its title and the way to the withdrawal records. */
function WithdrawFrame({ title, bank, children }: { title: string; bank: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Page
      title={title}
      testId={bank ? 'withdraw-bank-page' : 'withdraw-detail-page'}
      navRight={
        <TextLink to={`${PATHS.assetsRecord}?tab=withdraw`} testId="withdraw-detail-records">
          {t('withdraw.records')}
        </TextLink>
      }
    >
      {children}
    </Page>
  );
}

type BodyProps = {
  bank: boolean;
  data: WithdrawInfo;
  loaded: WithdrawData;
  state: WithdrawFormState;
  verified: boolean;
  hasPayPassword: boolean;
};

/** The loaded page: what blocks a withdrawal, then the form, then the sheet of the chain's addresses. */
function WithdrawDetailBody({ bank, data, loaded, state, verified, hasPayPassword }: BodyProps) {
  const { t } = useTranslation();
  const [sheetOpen, setSheetOpen] = useState(false);
  const { control, setValue } = state.form;
  const { card, coin, currency } = loaded;
  const noneLeft = data.withdrawals_left_today <= 0;
  const number = state.number;

  return (
    <>
      <WithdrawNotices verified={verified} hasPayPassword={hasPayPassword} noneLeft={noneLeft} />

      <form className="form-body" onSubmit={state.onSubmit} noValidate>
        <WithdrawCoinRow coin={coin} name={data.currency_name} />

        {bank && card.data ? (
          <BankCardFace card={card.data} testId="withdraw-bank-card" />
        ) : (
          <WithdrawChainAddress
            control={control}
            currency={currency}
            chains={data.chains}
            chain={state.chain}
            onChain={state.chooseChain}
            entries={state.entries}
            chainEntries={state.chainEntries}
            selected={state.selected}
            onPick={() => setSheetOpen(true)}
          />
        )}

        <WithdrawAmountField
          control={control}
          data={data}
          onAll={() => setValue('number', maxWithdrawable(data), { shouldValidate: true })}
        />
        <WithdrawSummary data={data} number={number} total={totalDeducted(number.trim(), data.fee)} />
        <WithdrawRemarkField control={control} />

        <FundPasswordField control={control} name="pay_password" testId="withdraw-pay-password" />

        <SubmitButton loading={state.mutation.isPending} disabled={noneLeft || !hasPayPassword} testId="withdraw-submit">
          {t('withdraw.submit')}
        </SubmitButton>
      </form>

      <ChoiceSheet
        open={sheetOpen}
        title={t('withdraw.address_pick')}
        choices={state.chainEntries.map((e) => ({ value: e.id, label: e.label || e.chain, extra: e.address }))}
        value={state.addressId || undefined}
        onChoose={(id) => setValue('address_id', id, { shouldValidate: true })}
        onClose={() => setSheetOpen(false)}
        testId="withdraw-address-option"
      />
    </>
  );
}

/** The coin being withdrawn, and the way back to choose another. */
function WithdrawCoinRow({ coin, name }: { coin: CoinBalance | undefined; name: string }) {
  const { t } = useTranslation();
  return (
    <div className="withdraw-coin">
      {coin ? <CoinIcon icon={coin.icon} name={coin.currency_name} size={28} /> : null}
      <span className="withdraw-coin__name">{name}</span>
      <TextLink to={PATHS.withdraw} testId="withdraw-change-coin">
        {t('deposit.change_coin')}
      </TextLink>
    </div>
  );
}
