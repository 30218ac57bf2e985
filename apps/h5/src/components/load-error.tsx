import Button from 'antd-mobile/es/components/button';
import ExclamationCircleOutline from 'antd-mobile-icons/es/ExclamationCircleOutline';
import { useTranslation } from 'react-i18next';
import { useGoBack } from '../lib/use-go-back';
import './load-error.css';

/**
 * A page whose code did not arrive: says why and offers a retry (spec section 8). Drawn with an icon
 * rather than antd-mobile's ErrorBlock, whose inline illustrations would weigh on the first load.
 */
export function LoadError({ reason, onRetry }: { reason: 'slow' | 'failed'; onRetry: () => void }) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <div className="load-error" data-testid="load-error" role="alert">
      <ExclamationCircleOutline className="load-error__icon" />
      <div className="load-error__title">{reason === 'slow' ? t('page.slow') : t('page.load_failed')}</div>
      <div className="load-error__text">{t('page.load_failed_hint')}</div>
      <Button color="primary" shape="rounded" onClick={onRetry} data-testid="load-retry">
        {t('common.retry')}
      </Button>
      {/* The page's own navigation bar is part of what failed to load, so offer the way back here. */}
      <button type="button" className="text-link load-error__back" onClick={goBack}>
        {t('common.back')}
      </button>
    </div>
  );
}
