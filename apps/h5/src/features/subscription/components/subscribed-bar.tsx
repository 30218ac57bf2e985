import { compareDecimal } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../lib/number-format';
import type { Project } from '../api/subscription-api';

/** How much of the offering is subscribed: a bar (full at 100 %) and the figure, which may pass 100 %. */
export function SubscribedBar({ project }: { project: Project }) {
  const { t } = useTranslation();
  const ratio = project.subscribed_ratio;
  const width = compareDecimal(ratio, '100') >= 0 ? 100 : Number(ratio);
  return (
    <div className="publication-bar" data-testid="publication-subscribed">
      <div className="publication-bar__track">
        <div className="publication-bar__fill" style={{ width: `${width}%` }} />
      </div>
      <div className="publication-bar__text">
        <span>{t('publication.subscribed_ratio', { ratio: formatAmount(ratio, 2) })}</span>
        <span>
          {formatAmount(project.subscribed_amount, project.subscribe_decimals)} /{' '}
          {formatAmount(project.offering_value, project.subscribe_decimals)} {project.subscribe_currency_name}
        </span>
      </div>
      {project.oversubscribed ? <p className="publication-note">{t('publication.pro_rata_note')}</p> : null}
    </div>
  );
}
