import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { PagedList } from '../../../components/paged-list';
import { PullRefresh } from '../../../components/pull-refresh';
import { RecordCard, RecordField } from '../../../components/record-card';
import { formatDateTime } from '../../../lib/format';
import { formatAmount } from '../../../lib/number-format';
import { type TransferRow, transferHistoryQuery } from '../api/assets-api';

function TransferCard({ row }: { row: TransferRow }) {
  const { t } = useTranslation();
  return (
    <RecordCard
      testId="transfer-row"
      title={row.currency_name}
      aside={<span className="record-card__amount">{formatAmount(row.amount)}</span>}
      time={formatDateTime(row.created_at)}
    >
      <RecordField
        label={t('transfer.direction')}
        value={`${t(`money.account_name.${row.from_field}`)} → ${t(`money.account_name.${row.to_field}`)}`}
        testId="transfer-row-direction"
      />
    </RecordCard>
  );
}

/** Transfers between the user's own accounts, newest first. */
export function TransferRecordPage() {
  const { t } = useTranslation();
  const query = useInfiniteQuery(transferHistoryQuery());
  return (
    <Page title={t('transfer.records_title')} testId="transfer-record-page">
      <PullRefresh onRefresh={() => query.refetch()}>
        <PagedList query={query} item={TransferCard} emptyText={t('transfer.no_records')} testId="transfer-list" />
      </PullRefresh>
    </Page>
  );
}
