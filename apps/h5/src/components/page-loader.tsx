import { useTranslation } from 'react-i18next';
import './page-loader.css';

/**
 * The loading state of a page or a section. A CSS spinner: it shows before any page chunk, so it must
 * not pull antd-mobile's animation library into the first load.
 */
export function PageLoader({ label, inline = false }: { label?: string; inline?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={inline ? 'page-loader page-loader--inline' : 'page-loader'} role="status" data-testid="page-loader">
      <span className="page-loader__spinner spinner" aria-hidden="true" />
      <span className="page-loader__label">{label ?? t('common.loading')}</span>
    </div>
  );
}
