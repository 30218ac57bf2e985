import { useTranslation } from 'react-i18next';
import { CoinIcon } from '../../../components/coin-icon';
import { formatDateTime } from '../../../lib/format';
import { formatAmount } from '../../../lib/number-format';
import type { Project } from '../api/subscription-api';
import { PhaseChip } from './phase-chip';
import { SubscribedBar } from './subscribed-bar';

/** One project in the list: coin, state, issue price, supply, how much is subscribed, the window. */
export function ProjectCard({ project, onOpen }: { project: Project; onOpen: () => void }) {
  const { t } = useTranslation();
  const pay = project.subscribe_currency_name;
  return (
    <button
      type="button"
      className="publication-card"
      onClick={onOpen}
      data-testid="publication-project"
      data-id={project.id}
      data-code={project.new_currency_name}
    >
      <div className="publication-card__head">
        <CoinIcon name={project.new_currency_name} size={36} />
        <div className="publication-card__names">
          <span className="publication-card__code">{project.new_currency_name}</span>
          <span className="publication-card__name">{project.name}</span>
        </div>
        <PhaseChip phase={project.phase} testId="publication-project-phase" />
      </div>
      <dl className="publication-figures fact-list fact-list--figures">
        <dt>{t('publication.issue_price')}</dt>
        <dd>
          1 {project.new_currency_name} = {formatAmount(project.issue_price, 10)} {pay}
        </dd>
        <dt>{t('publication.total_supply')}</dt>
        <dd>
          {formatAmount(project.num, project.decimals)} {project.new_currency_name}
        </dd>
        <dt>{t('publication.lock_up')}</dt>
        <dd>{t('publication.days', { count: project.lock_days })}</dd>
        <dt>{t('publication.window')}</dt>
        <dd>
          {formatDateTime(project.start_at)} – {formatDateTime(project.end_at)}
        </dd>
      </dl>
      <SubscribedBar project={project} />
    </button>
  );
}
