import { useTranslation } from 'react-i18next';
import './status-chip.css';

/** Review states of deposits, withdrawals and verification. */
export type ReviewStatus = 'none' | 'pending' | 'approved' | 'verified' | 'rejected';

const TONE: Record<ReviewStatus, string> = {
  none: 'muted',
  pending: 'warning',
  approved: 'success',
  verified: 'success',
  rejected: 'danger',
};

/** "Under review" / "Approved" / "Rejected" … as a coloured chip, in the app's language. */
export function StatusChip({ status, testId }: { status: ReviewStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`status-chip tone-${TONE[status] ?? 'muted'}`} data-testid={testId} data-status={status}>
      {t(`money.status.${status}`)}
    </span>
  );
}
