import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { PagedList } from '../../../components/paged-list';
import { PullRefresh } from '../../../components/pull-refresh';
import { Segmented } from '../../../components/segmented';
import { StatusChip } from '../../../components/status-chip';
import { formatDateTime, maskCardNumber, shortAddress } from '../../../lib/format';
import { formatAmount } from '../../../lib/number-format';
import { type DepositRow, depositLogQuery, type WithdrawalRow, withdrawLogQuery } from '../api/assets-api';
import './records-page.css';

type Kind = 'deposit' | 'withdraw';

function Row({ label, value, testId }: { label: string; value: string | null | undefined; testId?: string }) {
  if (value === null || value === undefined || value === '') return null;
  return (
    <>
      <span className="record-card__label">{label}</span>
      <span className="record-card__value" data-testid={testId}>
        {value}
      </span>
    </>
  );
}

function DepositCard({ row }: { row: DepositRow }) {
  const { t } = useTranslation();
  return (
    <div className="record-card" data-testid="deposit-row" data-id={row.id} data-status={row.status}>
      <div className="record-card__head">
        <span className="record-card__title">
          {row.currency_name}
          <span className="records__method">{row.method === 'bank' ? t('records.method_bank') : row.chain}</span>
        </span>
        <StatusChip status={row.status} testId="deposit-row-status" />
      </div>
      <div className="record-card__rows">
        <Row label={t('records.amount')} value={formatAmount(row.amount)} testId="deposit-row-amount" />
        <Row label={t('records.fee')} value={row.fee === null ? null : formatAmount(row.fee)} />
        <Row label={t('records.credited')} value={row.credited === null ? null : formatAmount(row.credited)} />
        {row.method === 'bank' ? (
          <>
            <Row label={t('records.bank_name')} value={row.bank_name} />
            <Row label={t('records.card_number')} value={maskCardNumber(row.card_number)} />
            <Row
              label={t('records.transfer_amount')}
              value={row.transfer_amount === null ? null : formatAmount(row.transfer_amount, 2, 2)}
            />
          </>
        ) : null}
        <Row label={t('records.reviewed_at')} value={row.reviewed_at ? formatDateTime(row.reviewed_at) : null} />
      </div>
      {row.status === 'rejected' && row.reject_reason ? (
        <div className="record-card__note tone-danger" data-testid="deposit-row-reason">
          {t('records.reject_reason', { reason: row.reject_reason })}
        </div>
      ) : null}
      <div className="record-card__time">{formatDateTime(row.created_at)}</div>
    </div>
  );
}

function WithdrawalCard({ row }: { row: WithdrawalRow }) {
  const { t } = useTranslation();
  return (
    <div className="record-card" data-testid="withdraw-row" data-id={row.id} data-status={row.status}>
      <div className="record-card__head">
        <span className="record-card__title">
          {row.currency_name}
          <span className="records__method">{row.chain}</span>
        </span>
        <StatusChip status={row.status} testId="withdraw-row-status" />
      </div>
      <div className="record-card__rows">
        <Row label={t('records.amount')} value={formatAmount(row.amount)} testId="withdraw-row-amount" />
        <Row label={t('records.fee')} value={formatAmount(row.fee)} />
        <Row label={t('records.address')} value={shortAddress(row.address)} />
        <Row label={t('records.remark')} value={row.remark} />
        <Row label={t('records.tx_hash')} value={row.tx_hash ? shortAddress(row.tx_hash, 8) : null} />
        <Row label={t('records.reviewed_at')} value={row.reviewed_at ? formatDateTime(row.reviewed_at) : null} />
      </div>
      {row.status === 'rejected' && row.reject_reason ? (
        <div className="record-card__note tone-danger" data-testid="withdraw-row-reason">
          {t('records.reject_reason', { reason: row.reject_reason })}
        </div>
      ) : null}
      {row.status === 'rejected' ? <div className="records__refund">{t('records.refunded')}</div> : null}
      <div className="record-card__time">{formatDateTime(row.created_at)}</div>
    </div>
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
        <Segmented
          options={[
            { value: 'deposit', label: t('records.deposits') },
            { value: 'withdraw', label: t('records.withdrawals') },
          ]}
          value={kind}
          onChange={setKind}
          testId="records-tab"
        />
      </div>
      <PullRefresh onRefresh={() => (kind === 'deposit' ? deposits.refetch() : withdrawals.refetch())}>
        {kind === 'deposit' ? (
          <PagedList
            query={deposits}
            renderItem={(row) => <DepositCard row={row} />}
            emptyText={t('records.no_deposits')}
            testId="deposit-list"
          />
        ) : (
          <PagedList
            query={withdrawals}
            renderItem={(row) => <WithdrawalCard row={row} />}
            emptyText={t('records.no_withdrawals')}
            testId="withdraw-list"
          />
        )}
      </PullRefresh>
    </Page>
  );
}
