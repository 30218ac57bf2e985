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
  return <StateChip state={status} tones={TONE} words="money.status" testId={testId} data-status={status} />;
}

type StateChipProps<S extends string> = {
  state: S;
  /** Each state's `tone-*` colours (styles/tone.css); muted for a state without one. */
  tones: Partial<Record<S, string>>;
  /** Where the states' words stand in the dictionary: `${words}.${state}`. */
  words: string;
  testId?: string;
  /** The state as a `data-*` attribute the tests read. */
  [data: `data-${string}`]: string | undefined;
};

/** A state as a coloured chip in the app's language; each kind of state brings its tones and words. */
export function StateChip<S extends string>({ state, tones, words, testId, ...data }: StateChipProps<S>) {
  const { t } = useTranslation();
  return (
    <span className={`status-chip tone-${tones[state] ?? 'muted'}`} data-testid={testId} {...data}>
      {t(`${words}.${state}`)}
    </span>
  );
}
