import Button from 'antd-mobile/es/components/button';
import ExclamationTriangleOutline from 'antd-mobile-icons/es/ExclamationTriangleOutline';
import FileOutline from 'antd-mobile-icons/es/FileOutline';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './state-view.css';

/** Nothing to show yet: an icon, a sentence and optionally what to do about it. */
export function EmptyState({ text, action, testId = 'empty-state' }: { text?: ReactNode; action?: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="state-view" data-testid={testId}>
      <FileOutline className="state-view__icon" />
      <div className="state-view__text">{text ?? t('common.no_data')}</div>
      {action ? <div className="state-view__action">{action}</div> : null}
    </div>
  );
}

/** What to do about an empty state (add the first one, go choose one): one primary button under it. */
export function StateAction({ onClick, testId, children }: { onClick: () => void; testId?: string; children: ReactNode }) {
  return (
    <Button color="primary" shape="rounded" onClick={onClick} data-testid={testId}>
      {children}
    </Button>
  );
}

/** A request that failed (the toast said why): offer to try again rather than an empty screen. */
export function ErrorState({ onRetry, testId = 'error-state' }: { onRetry: () => void; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="state-view" data-testid={testId} role="alert">
      <ExclamationTriangleOutline className="state-view__icon" />
      <div className="state-view__text">{t('common.load_data_failed')}</div>
      <div className="state-view__action">
        <Button color="primary" fill="outline" shape="rounded" size="small" onClick={onRetry} data-testid={`${testId}-retry`}>
          {t('common.retry')}
        </Button>
      </div>
    </div>
  );
}

type CalloutProps = {
  children: ReactNode;
  action?: ReactNode;
  tone?: 'warning' | 'info' | 'danger';
  testId?: string;
};

/** A callout's colours: the soft shade of its tone (styles/tone.css); information wears the accent. */
const CALLOUT_TONE = { warning: 'tone-warning', info: 'tone-accent', danger: 'tone-danger' } as const;

/** A note above a form: what is missing before it can be used, with a link to fix it. */
export function Callout({ children, action, tone = 'warning', testId }: CalloutProps) {
  return (
    <div className={`callout ${CALLOUT_TONE[tone]}`} data-testid={testId} role={tone === 'info' ? undefined : 'alert'}>
      <div className="callout__text">{children}</div>
      {action ? <div className="callout__action">{action}</div> : null}
    </div>
  );
}
