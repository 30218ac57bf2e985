import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/copy-button';
import { Page } from '../../../components/page';
import { PagedList } from '../../../components/paged-list';
import { PullRefresh } from '../../../components/pull-refresh';
import { QueryView } from '../../../components/query-view';
import { RecordCard, RecordField } from '../../../components/record-card';
import { Segmented } from '../../../components/segmented';
import { formatDateTime } from '../../../lib/format';
import { formatAmount, formatMoney, formatPercent, formatRate } from '../../../lib/number-format';
import {
  type InviteeRow,
  type InviteSummary,
  inviteesQuery,
  inviteSummaryQuery,
  posterQuery,
  type RebateRow,
  rankingQuery,
  rebatesQuery,
} from '../api/promotion-api';
import { PosterSheet } from '../components/poster-sheet';
import './promotion-page.css';

const PROMOTION_TABS = {
  ranking: 'promotion.ranking',
  invitees: 'promotion.my_promotion',
  rebates: 'promotion.rebates',
} as const;
type Tab = keyof typeof PROMOTION_TABS;

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="promotion-stat">
      <div className="promotion-stat__value" data-testid={testId}>
        {value}
      </div>
      <div className="fine-print promotion-stat__label">{label}</div>
    </div>
  );
}

/** The invite code or link with its copy button. */
function ShareRow({ label, text, kind }: { label: string; text: string; kind: 'code' | 'link' }) {
  return (
    <div className="promotion-share__row">
      <span className="promotion-share__label">{label}</span>
      <span className={`promotion-share__${kind}`} data-testid={`promotion-${kind}`}>
        {text}
      </span>
      <CopyButton text={text} testId={`promotion-copy-${kind}`} />
    </div>
  );
}

function Summary({ data, onPoster }: { data: InviteSummary; onPoster: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <section className="promotion-hero">
        <div className="promotion-hero__title">{t('promotion.headline', { percent: data.rebate_percent })}</div>
        <div className="promotion-hero__sub">{t('promotion.subline')}</div>
        {data.status !== 'normal' ? (
          <span className="promotion-hero__status tone-accent" data-testid="promotion-status">
            {t(`promotion.status_${data.status}`)}
          </span>
        ) : null}
      </section>
      <section className="section-card promotion-share">
        <ShareRow label={t('promotion.invite_code')} text={data.extension_code} kind="code" />
        <ShareRow label={t('promotion.invite_link')} text={data.share_url} kind="link" />
        <Button block color="primary" onClick={onPoster} data-testid="promotion-poster">
          {t('promotion.poster')}
        </Button>
      </section>
      <section className="section-card promotion-stats" data-testid="promotion-stats">
        <Stat label={t('promotion.invited')} value={String(data.invited)} testId="promotion-invited" />
        <Stat
          label={t('promotion.total_return')}
          value={formatMoney(data.total_return, 'USDT')}
          testId="promotion-total-return"
        />
        <Stat label={t('promotion.pending_rewards')} value={formatAmount(data.pending_rewards)} testId="promotion-pending" />
        <Stat label={t('promotion.rebate_ratio')} value={formatPercent(data.rebate_percent)} testId="promotion-ratio" />
        <Stat label={t('promotion.rank')} value={data.rank === null ? '—' : String(data.rank)} testId="promotion-rank" />
      </section>
      {data.returns.length ? (
        <section className="section-card promotion-returns" data-testid="promotion-returns">
          {data.returns.map((r) => (
            <div key={r.currency_id} className="promotion-returns__row" data-testid={`promotion-return-${r.currency_name}`}>
              <span>{r.currency_name}</span>
              <span className="promotion-returns__value">{formatAmount(r.total)}</span>
            </div>
          ))}
        </section>
      ) : null}
    </>
  );
}

function Ranking() {
  const { t } = useTranslation();
  const query = useQuery(rankingQuery());
  return (
    <QueryView query={query} isEmpty={(data) => !data.list.length} emptyText={t('promotion.no_ranking')}>
      {(data) => (
        <ol className="promotion-ranking" data-testid="promotion-ranking">
          {data.list.map((r) => (
            <li key={r.rank} className="promotion-ranking__row" data-testid="ranking-row">
              <span className={`promotion-ranking__rank ${r.rank <= 3 ? 'tone-accent' : 'tone-muted'}`}>{r.rank}</span>
              <span className="promotion-ranking__account">{r.account}</span>
              <span className="promotion-ranking__invited">{t('promotion.people', { count: r.invited })}</span>
            </li>
          ))}
        </ol>
      )}
    </QueryView>
  );
}

function InviteeCard({ row }: { row: InviteeRow }) {
  const { t } = useTranslation();
  return (
    <RecordCard
      testId="invitee-row"
      title={row.account}
      aside={<span className="record-card__amount">{formatAmount(row.total_return)} USDT</span>}
      time={`${t('promotion.joined_at')} ${formatDateTime(row.created_at)}`}
    />
  );
}

function RebateCard({ row }: { row: RebateRow }) {
  const { t } = useTranslation();
  return (
    <RecordCard
      testId="rebate-row"
      title={row.reason_text}
      aside={
        <span className="record-card__amount" data-testid="rebate-row-amount">
          +{formatAmount(row.amount)} {row.currency_name}
        </span>
      }
      time={formatDateTime(row.created_at)}
    >
      <RecordField label={t('promotion.from')} value={row.account} />
      <RecordField label={t('promotion.fee')} value={`${formatAmount(row.fee)} ${row.currency_name}`} />
      <RecordField label={t('promotion.rebate_ratio')} value={formatRate(row.ratio)} />
    </RecordCard>
  );
}

/** The referral programme: my code, link and poster, my figures, the TOP10 and my records. */
export function PromotionPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('ranking');
  const [posterOpen, setPosterOpen] = useState(false);
  const summary = useQuery(inviteSummaryQuery());
  const poster = useQuery({ ...posterQuery(), enabled: posterOpen });
  const ranking = useQuery({ ...rankingQuery(), enabled: false });
  const invitees = useInfiniteQuery({ ...inviteesQuery(), enabled: tab === 'invitees' });
  const rebates = useInfiniteQuery({ ...rebatesQuery(), enabled: tab === 'rebates' });

  const refresh = () =>
    Promise.all([
      summary.refetch(),
      tab === 'ranking' ? ranking.refetch() : tab === 'invitees' ? invitees.refetch() : rebates.refetch(),
    ]);

  return (
    <Page title={t('sections.promotion')} testId="promotion-page">
      <PullRefresh onRefresh={refresh}>
        <QueryView query={summary}>{(data) => <Summary data={data} onPoster={() => setPosterOpen(true)} />}</QueryView>
        <div className="promotion-tabs">
          <Segmented labels={PROMOTION_TABS} value={tab} onChange={setTab} testId="promotion-tab" />
        </div>
        {tab === 'ranking' ? (
          <Ranking />
        ) : tab === 'invitees' ? (
          <PagedList query={invitees} item={InviteeCard} emptyText={t('promotion.no_invitees')} testId="invitee-list" />
        ) : (
          <PagedList query={rebates} item={RebateCard} emptyText={t('promotion.no_rebates')} testId="rebate-list" />
        )}
      </PullRefresh>
      <PosterSheet open={posterOpen} onClose={() => setPosterOpen(false)} data={poster.data} />
    </Page>
  );
}
