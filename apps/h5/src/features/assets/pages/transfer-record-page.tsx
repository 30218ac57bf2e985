import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { PagedList } from '../../../components/paged-list';
import { PullRefresh } from '../../../components/pull-refresh';
import { formatDateTime } from '../../../lib/format';
import { formatAmount } from '../../../lib/number-format';
import { type TransferRow, transferHistoryQuery } from '../api/assets-api';

function TransferCard({ row }: { row: TransferRow }) {
  const { t } = useTranslation();
  return (
    <div className="record-card" data-testid="transfer-row">
      <div className="record-card__head">
        <span className="record-card__title">{row.currency_name}</span>
        <span className="record-card__amount">{formatAmount(row.amount)}</span>
      </div>
      <div className="record-card__rows">
        <span className="record-card__label">{t('transfer.direction')}</span>
        <span className="record-card__value" data-testid="transfer-row-direction">
          {t(`money.account_name.${row.from_field}`)} → {t(`money.account_name.${row.to_field}`)}
        </span>
      </div>
      <div className="record-card__time">{formatDateTime(row.created_at)}</div>
    </div>
  );
}

/** Transfers between the user's own accounts, newest first. */
export function TransferRecordPage() {
  const { t } = useTranslation();
  const query = useInfiniteQuery(transferHistoryQuery());
  return (
    <Page title={t('transfer.records_title')} testId="transfer-record-page">
      <PullRefresh onRefresh={() => query.refetch()}>
        <PagedList
          query={query}
          renderItem={(row) => <TransferCard row={row} />}
          emptyText={t('transfer.no_records')}
          testId="transfer-list"
        />
      </PullRefresh>
    </Page>
  );
}
