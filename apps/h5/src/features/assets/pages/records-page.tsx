import { useInfiniteQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { PagedList } from '../../../components/paged-list';
import { PullRefresh } from '../../../components/pull-refresh';
import { RecordCard, RecordField } from '../../../components/record-card';
import { Segmented } from '../../../components/segmented';
import { StatusChip } from '../../../components/status-chip';
import { formatDateTime, maskCardNumber, shortAddress } from '../../../lib/format';
import { formatAmount } from '../../../lib/number-format';
import { type DepositRow, depositLogQuery, type WithdrawalRow, withdrawLogQuery } from '../api/assets-api';
import './records-page.css';

const RECORD_KINDS = { deposit: 'records.deposits', withdraw: 'records.withdrawals' } as const;
type Kind = keyof typeof RECORD_KINDS;

function DepositCard({ row }: { row: DepositRow }) {
  const { t } = useTranslation();
  return (
    <ReviewedRecord kind="deposit" row={row} method={row.method === 'bank' ? t('records.method_bank') : row.chain}>
      <RecordField label={t('records.amount')} value={formatAmount(row.amount)} testId="deposit-row-amount" />
      <RecordField label={t('records.fee')} value={row.fee === null ? null : formatAmount(row.fee)} />
      <RecordField label={t('records.credited')} value={row.credited === null ? null : formatAmount(row.credited)} />
      {row.method === 'bank' ? (
        <>
          <RecordField label={t('records.bank_name')} value={row.bank_name} />
          <RecordField label={t('records.card_number')} value={maskCardNumber(row.card_number)} />
          <RecordField
            label={t('records.transfer_amount')}
            value={row.transfer_amount === null ? null : formatAmount(row.transfer_amount, 2, 2)}
          />
        </>
      ) : null}
      <RecordField label={t('records.reviewed_at')} value={row.reviewed_at ? formatDateTime(row.reviewed_at) : null} />
    </ReviewedRecord>
  );
}

function WithdrawalCard({ row }: { row: WithdrawalRow }) {
  const { t } = useTranslation();
  const refunded = row.status === 'rejected' ? <div className="records__refund">{t('records.refunded')}</div> : null;
  return (
    <ReviewedRecord kind="withdraw" row={row} method={row.chain} afterReason={refunded}>
      <RecordField label={t('records.amount')} value={formatAmount(row.amount)} testId="withdraw-row-amount" />
      <RecordField label={t('records.fee')} value={formatAmount(row.fee)} />
      <RecordField label={t('records.address')} value={shortAddress(row.address)} />
      <RecordField label={t('records.remark')} value={row.remark} />
      <RecordField label={t('records.tx_hash')} value={row.tx_hash ? shortAddress(row.tx_hash, 8) : null} />
      <RecordField label={t('records.reviewed_at')} value={row.reviewed_at ? formatDateTime(row.reviewed_at) : null} />
    </ReviewedRecord>
  );
}

type ReviewedProps = {
  kind: Kind;
  row: DepositRow | WithdrawalRow;
  /** The chain, or the bank for a bank deposit. */
  method: ReactNode;
  afterReason?: ReactNode;
  children: ReactNode;
};

/** What deposits and withdrawals share: the coin and its way in or out, the review state, a rejection's reason. */
function ReviewedRecord({ kind, row, method, afterReason, children }: ReviewedProps) {
  const { t } = useTranslation();
  const reason =
    row.status === 'rejected' && row.reject_reason ? (
      <div className="record-card__note tone-danger" data-testid={`${kind}-row-reason`}>
        {t('records.reject_reason', { reason: row.reject_reason })}
      </div>
    ) : null;
  return (
    <RecordCard
      testId={`${kind}-row`}
      data-id={row.id}
      data-status={row.status}
      title={
        <>
          {row.currency_name}
          <span className="records__method">{method}</span>
        </>
      }
      aside={<StatusChip status={row.status} testId={`${kind}-row-status`} />}
      note={
        <>
          {reason}
          {afterReason}
        </>
      }
      time={formatDateTime(row.created_at)}
    >
      {children}
    </RecordCard>
  );
}

/** Deposit and withdrawal records with their review states (spec: under review, passed, rejected). */
export function RecordsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [kind, setKind] = useState<Kind>(params.get('tab') === 'withdraw' ? 'withdraw' : 'deposit');
  const deposits = useInfiniteQuery({ ...depositLogQuery(), enabled: kind === 'deposit' });
  const withdrawals = useInfiniteQuery({ ...withdrawLogQuery(), enabled: kind === 'withdraw' });

  return (
    <Page title={t('sections.records')} testId="records-page">
      <div className="records__tabs">
        <Segmented labels={RECORD_KINDS} value={kind} onChange={setKind} testId="records-tab" />
      </div>
      <PullRefresh onRefresh={() => (kind === 'deposit' ? deposits.refetch() : withdrawals.refetch())}>
        {kind === 'deposit' ? (
          <PagedList query={deposits} item={DepositCard} emptyText={t('records.no_deposits')} testId="deposit-list" />
        ) : (
          <PagedList query={withdrawals} item={WithdrawalCard} emptyText={t('records.no_withdrawals')} testId="withdraw-list" />
        )}
      </PullRefresh>
    </Page>
  );
}
