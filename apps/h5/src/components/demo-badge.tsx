import { useTranslation } from 'react-i18next';
import './demo-badge.css';

/**
 * "Demo market data": shown wherever prices appear while they come from the simulated feed
 * (DESIGN.md §1), so nobody mistakes them for a real market.
 */
export function DemoBadge({ show = true, testId = 'demo-badge' }: { show?: boolean; testId?: string }) {
  const { t } = useTranslation();
  if (!show) return null;
  return (
    <span className="demo-badge tone-warning" data-testid={testId} title={t('market.demo_note')}>
      {t('market.demo')}
    </span>
  );
}
