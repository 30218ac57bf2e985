import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { PullRefresh } from '../../../components/pull-refresh';
import { ErrorState } from '../../../components/state-view';
import { StatusChip } from '../../../components/status-chip';
import { formatDateTime } from '../../../lib/format';
import { HTML_LANG } from '../../../lib/i18n';
import { useLocaleStore } from '../../../lib/locale';
import { PATHS } from '../../../lib/paths';
import { canSubmit, type TierStatus, verificationQuery } from '../api/verification-api';
import { regionName } from '../countries';
import '../../../components/record-card.css';
import './verification-page.css';

type TierCardProps = {
  tier: 'basic' | 'advanced';
  status: TierStatus;
  rejectReason: string | null;
  submittedAt: string | null;
  details?: ReactNode;
  blocked?: ReactNode;
  onStart: () => void;
};

function TierCard({ tier, status, rejectReason, submittedAt, details, blocked, onStart }: TierCardProps) {
  const { t } = useTranslation();
  return (
    <section className="section-card verify-card" data-testid={`verify-${tier}`} data-status={status}>
      <div className="verify-card__head">
        <h2 className="verify-card__title">{t(`verification.${tier}_title`)}</h2>
        <StatusChip status={status} testId={`verify-${tier}-status`} />
      </div>
      <p className="verify-card__desc">{t(`verification.${tier}_desc`)}</p>
      {details}
      {status === 'pending' ? (
        <p className="verify-card__note">
          {t('verification.pending_note')}
          {submittedAt ? ` · ${formatDateTime(submittedAt)}` : ''}
        </p>
      ) : null}
      {status === 'rejected' && rejectReason ? (
        <div className="record-card__note tone-danger" data-testid={`verify-${tier}-reason`}>
          {t('records.reject_reason', { reason: rejectReason })}
        </div>
      ) : null}
      {canSubmit(status) ? (
        blocked ? (
          <div className="verify-card__blocked" data-testid={`verify-${tier}-blocked`}>
            {blocked}
          </div>
        ) : (
          <Button block color="primary" shape="rounded" onClick={onStart} data-testid={`verify-${tier}-start`}>
            {status === 'rejected' ? t('verification.resubmit') : t('verification.start')}
          </Button>
        )
      ) : null}
    </section>
  );
}

/** Both tiers of identity verification with their review state (spec: not certified … verified). */
export function VerificationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useQuery(verificationQuery());
  const lang = useLocaleStore((s) => s.lang);
  const data = query.data;

  return (
    <Page title={t('sections.verification')} testId="verification-page">
      <PullRefresh onRefresh={() => query.refetch()}>
        {query.isPending ? (
          <PageLoader />
        ) : !data ? (
          <ErrorState onRetry={() => void query.refetch()} />
        ) : (
          <>
            <p className="page-intro">{t('verification.intro')}</p>
            <TierCard
              tier="basic"
              status={data.basic.status}
              rejectReason={data.basic.reject_reason}
              submittedAt={data.basic.submitted_at}
              onStart={() => navigate(PATHS.verificationBasic)}
              details={
                data.basic.status === 'verified' || data.basic.status === 'pending' ? (
                  <dl className="verify-card__rows fact-list">
                    <dt>{t('verification.name')}</dt>
                    <dd data-testid="verify-basic-name">{data.basic.name ?? '—'}</dd>
                    <dt>{t('verification.country')}</dt>
                    <dd>{data.basic.country ? regionName(data.basic.country, HTML_LANG[lang]) : '—'}</dd>
                    <dt>{t('verification.card_id')}</dt>
                    <dd>{data.basic.card_id ?? '—'}</dd>
                  </dl>
                ) : null
              }
            />
            <TierCard
              tier="advanced"
              status={data.advanced.status}
              rejectReason={data.advanced.reject_reason}
              submittedAt={data.advanced.submitted_at}
              onStart={() => navigate(PATHS.verificationAdvanced)}
              blocked={data.basic.status !== 'verified' ? t('errors.basic_first') : undefined}
            />
          </>
        )}
      </PullRefresh>
    </Page>
  );
}
