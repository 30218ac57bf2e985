import { useTranslation } from 'react-i18next';
import './skeleton.css';

/** The width of each cell of a row, in percent of the row; `tall` draws the first cell as a headline. */
type SkeletonProps = {
  rows: number;
  columns: readonly number[];
  tall?: boolean;
  testId?: string;
};

/**
 * Placeholder rows for a list or table whose first data is still loading: the layout appears at once
 * and the figures fill in, instead of a spinner in an empty page. Announced once as "Loading".
 */
export function Skeleton({ rows, columns, tall = false, testId = 'skeleton' }: SkeletonProps) {
  const { t } = useTranslation();
  return (
    <div className="skeleton" role="status" aria-label={t('common.loading')} aria-busy="true" data-testid={testId}>
      {Array.from({ length: rows }, (_, row) => (
        <div className="skeleton__row" key={row} aria-hidden="true">
          {columns.map((width, cell) => (
            <span
              key={cell}
              className={tall && row === 0 ? 'skeleton__bar skeleton__bar--tall' : 'skeleton__bar'}
              style={{ width: `${width}%` }}
            />
          ))}
        </div>
      ))}
    </div>
  );
}
