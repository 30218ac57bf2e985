import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CoinIcon } from '../../../components/coin-icon';
import { DemoBadge } from '../../../components/demo-badge';
import { formatDateTime } from '../../../lib/format';
import { htmlLangOf } from '../../../lib/i18n';
import { formatAmount } from '../../../lib/number-format';
import { PATHS } from '../../../lib/paths';
import type { ProjectInfo } from '../api/subscription-api';
import { PhaseChip } from '../components/phase-chip';
import { ProjectPage } from '../components/project-page';
import { SubscribedBar } from '../components/subscribed-bar';
import { windowOpen } from '../purchase-rules';
import '../subscription.css';
import { PrimaryButton } from '../../../components/primary-button';
import { TextLink } from '../../../components/text-link';

/**
 * A project (spec: /pages/publication/details): the coin, its terms (issue price, supply, limits,
 * window, estimated launch, lock-up, completion), how much is subscribed, the introduction, and the
 * way to subscribe while the window is open.
 */
export function PublicationDetailsPage() {
  const { t } = useTranslation();
  return (
    <ProjectPage
      title={t('publication.details')}
      testId="publication-details-page"
      navRight={<TextLink to={`${PATHS.publication}?tab=mine`}>{t('publication.mine')}</TextLink>}
    >
      {(project) => <ProjectDetails p={project} />}
    </ProjectPage>
  );
}

/** A label, its value and the value's test id when the tests read it. */
type Figure = [string, ReactNode, string?];

/** The project's figures as label/value rows. */
function Figures({ rows }: { rows: Figure[] }) {
  return (
    <dl className="publication-figures fact-list fact-list--figures">
      {rows.map(([label, value, testId]) => (
        <div className="publication-figures__row" key={label}>
          <dt>{label}</dt>
          <dd data-testid={testId}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The project's page once it is read. */
function ProjectDetails({ p }: { p: ProjectInfo }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const pay = p.subscribe_currency_name;
  const coin = p.new_currency_name;
  const open = windowOpen(p);
  const figures: Figure[] = [
    [t('publication.issue_price'), `1 ${coin} = ${formatAmount(p.issue_price, 10)} ${pay}`, 'publication-issue-price'],
    [t('publication.total_supply'), `${formatAmount(p.num, p.decimals)} ${coin}`],
    [t('publication.remaining'), `${formatAmount(p.last_num, p.decimals)} ${coin}`, 'publication-remaining'],
    [t('publication.subscribe_currency'), pay],
    [t('publication.limits'), `${formatAmount(p.min_amount)} – ${formatAmount(p.max_amount)} ${pay}`],
    [t('publication.start_time'), formatDateTime(p.start_at)],
    [t('publication.end_time'), formatDateTime(p.end_at)],
    [t('publication.launch_time'), formatDateTime(p.launched_at ?? p.launch_at)],
    [t('publication.lock_up'), t('publication.days', { count: p.lock_days })],
    [t('publication.completion_time'), formatDateTime(p.completion_time)],
  ];
  if (p.price_source === 'market') {
    figures.push([
      t('publication.market_price'),
      <>
        {formatAmount(p.price, 10)} {pay} <DemoBadge show={p.demo_prices} testId="publication-demo" />
      </>,
      'publication-market-price',
    ]);
  }
  const action = open
    ? t('publication.subscribe_now')
    : p.phase === 'upcoming'
      ? t('publication.not_started')
      : t('publication.closed');

  return (
    <div className="publication-details">
      <section className="publication-hero">
        <CoinIcon name={coin} size={44} />
        <div className="publication-card__names">
          <span className="publication-card__code" data-testid="publication-code">
            {coin}
          </span>
          <span className="publication-card__name">{p.name}</span>
        </div>
        <PhaseChip phase={p.phase} testId="publication-phase" />
      </section>
      <section className="publication-section">
        <SubscribedBar project={p} />
      </section>
      <section className="publication-section">
        <Figures rows={figures} />
      </section>
      {p.mine ? (
        <section className="publication-section" data-testid="publication-mine">
          <Figures
            rows={[
              [t('publication.my_subscribed'), `${formatAmount(p.mine.subscribed)} ${pay}`],
              [t('publication.my_remaining'), `${formatAmount(p.mine.remaining)} ${pay}`],
            ]}
          />
        </section>
      ) : null}
      <section className="publication-section">
        <h3 className="publication-section__title">{t('publication.introduction')}</h3>
        <p className="publication-intro" data-testid="publication-introduction" lang={htmlLangOf(p.introduction_lang)}>
          {p.introduction || t('common.no_data')}
        </p>
        {p.introduction && p.introduction_lang && p.introduction_lang !== i18n.language ? (
          <p className="publication-note" data-testid="publication-shown-in-english">
            {t('common.shown_in_english')}
          </p>
        ) : null}
        <p className="publication-note">{t('publication.rules_note')}</p>
      </section>
      <div className="form-actions publication-actions">
        <PrimaryButton
          disabled={!open}
          onClick={() => navigate(`${PATHS.publicationPurchase}?id=${p.id}`)}
          testId="publication-subscribe"
        >
          {action}
        </PrimaryButton>
      </div>
    </div>
  );
}
