import { utcDayOf, utcDayStart } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DigestRow } from '../../../components/digest-row';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { EmptyState, ErrorState } from '../../../components/state-view';
import { type DayHead, dayHeadsQuery, dayMinutes } from '../api/index-record-api';
import { verifyDayHead } from '../verify';
import '../components/verdict.css';
import './index-record-page.css';

const today = () => utcDayOf(Math.floor(Date.now() / 1000));
const shiftDay = (day: string, by: number) => utcDayOf(utcDayStart(day) + by * 86_400);

type DayCheck = { state: 'ok' | 'bad' | 'error'; computed?: string; minutes?: number };

/** One pair's head of the day, and the browser's own check of it against its minute checkpoints. */
function HeadCard({ head }: { head: DayHead }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [check, setCheck] = useState<DayCheck | null>(null);

  const run = async () => {
    if (!head.head || head.last_second === null) return;
    setBusy(true);
    try {
      // The checkpoints as they stood when this head was read: the running day's head moves every second.
      const day = await dayMinutes(head.symbol, head.day, head.last_second);
      const result = await verifyDayHead(head.pair_id, head.day, day.minutes, head.head);
      setCheck({ state: result.ok ? 'ok' : 'bad', computed: result.computed, minutes: day.minutes.length });
    } catch {
      setCheck({ state: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="text-card index-record__card" data-testid={`index-head-${head.symbol}`}>
      <div className="text-card__head">
        <span>{head.symbol}</span>
        <span className={`text-card__badge ${head.running ? 'tone-accent' : 'index-record__badge--closed'}`}>
          {head.running ? t('index_record.running') : t('index_record.closed')}
        </span>
      </div>
      <DigestRow label={t('index_record.samples')} value={head.samples} testId="index-head-samples" />
      <DigestRow label={t('index_record.minutes')} value={head.minutes} testId="index-head-minutes" />
      <DigestRow label={t('index_record.head')} value={head.head ?? '—'} digest testId="index-head-hash" />
      {check ? (
        <div
          className={`index-verdict tone-${check.state === 'ok' ? 'success' : 'danger'}`}
          data-testid="index-head-verdict"
          data-state={check.state}
        >
          {check.state === 'ok'
            ? t('index_record.day_ok', { count: check.minutes })
            : check.state === 'bad'
              ? t('index_record.day_bad')
              : t('index_record.day_error')}
        </div>
      ) : null}
      {head.head ? (
        <Button size="small" fill="outline" loading={busy} onClick={() => void run()} data-testid="index-head-check">
          {t('index_record.check_day')}
        </Button>
      ) : null}
    </section>
  );
}

/**
 * The public index record: each pair's day head (SHA-256 over the day's minute checkpoints, the current
 * day's running), a day picker, and a check of any head in the browser. No sign-in.
 */
export function IndexRecordPage() {
  const { t } = useTranslation();
  const [day, setDay] = useState(today);
  const heads = useQuery(dayHeadsQuery(day));
  const isToday = day >= today();

  return (
    <Page title={t('index_record.title')} testId="index-record-page">
      <p className="index-record__intro">{t('index_record.intro')}</p>
      <div className="index-record__days">
        <Button size="mini" fill="none" onClick={() => setDay(shiftDay(day, -1))} data-testid="index-day-prev">
          ‹ {t('index_record.previous_day')}
        </Button>
        <span className="index-record__day" data-testid="index-day">
          {t('index_record.day_utc', { day })}
        </span>
        <Button size="mini" fill="none" disabled={isToday} onClick={() => setDay(shiftDay(day, 1))} data-testid="index-day-next">
          {t('index_record.next_day')} ›
        </Button>
      </div>
      {heads.isPending ? (
        <PageLoader />
      ) : heads.isError ? (
        <ErrorState onRetry={() => void heads.refetch()} />
      ) : heads.data.list.length === 0 ? (
        <EmptyState text={t('index_record.none')} testId="index-record-none" />
      ) : (
        heads.data.list.map((head) => <HeadCard key={`${head.pair_id}:${head.day}`} head={head} />)
      )}
      <p className="index-record__intro">{t('index_record.how')}</p>
    </Page>
  );
}
