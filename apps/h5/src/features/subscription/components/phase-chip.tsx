import { useTranslation } from 'react-i18next';
import type { Phase } from '../api/subscription-api';
import '../../../components/status-chip.css';

const TONE: Record<Phase, string> = {
  upcoming: 'muted',
  subscribing: 'success',
  sold_out: 'warning',
  under_review: 'warning',
  passed: 'success',
  launched: 'success',
};

/** A project's or subscription's state (spec section 4) as a coloured chip in the app's language. */
export function PhaseChip({ phase, testId }: { phase: Phase; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`status-chip tone-${TONE[phase] ?? 'muted'}`} data-testid={testId} data-phase={phase}>
      {t(`publication.phase.${phase}`)}
    </span>
  );
}
