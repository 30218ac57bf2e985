import { StateChip } from '../../../components/status-chip';
import type { Phase } from '../api/subscription-api';

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
  return <StateChip state={phase} tones={TONE} words="publication.phase" testId={testId} data-phase={phase} />;
}
