import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type ReviewStatus, StatusChip } from '../../../components/status-chip';
import { PATHS } from '../../../lib/paths';

/** A tier that cannot be submitted now (pending or verified): its status and the way back. */
export function TierState({ status, testId }: { status: ReviewStatus; testId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="form-body" data-testid={testId}>
      <StatusChip status={status} />
      <p className="form-note">{status === 'pending' ? t('verification.pending_note') : t('verification.verified_note')}</p>
      <div className="form-actions">
        <Button block shape="rounded" onClick={() => navigate(PATHS.verification, { replace: true })}>
          {t('verification.back_to_status')}
        </Button>
      </div>
    </div>
  );
}
