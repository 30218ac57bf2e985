import LeftOutline from 'antd-mobile-icons/es/LeftOutline';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGoBack } from '../lib/use-go-back';
import './nav-bar.css';

type Props = { title: ReactNode; right?: ReactNode; onBack?: () => void; transparent?: boolean };

/** The dark navigation bar of every non-tab page (spec section 2), with a back arrow. */
export function NavBar({ title, right, onBack, transparent = false }: Props) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <header className={transparent ? 'nav-bar top-bar nav-bar--transparent' : 'nav-bar top-bar'}>
      <button
        type="button"
        className="nav-bar__back"
        onClick={onBack ?? goBack}
        aria-label={t('common.back')}
        data-testid="nav-back"
      >
        <LeftOutline fontSize={22} />
      </button>
      <h1 className="nav-bar__title top-bar__title" data-testid="nav-title">
        {title}
      </h1>
      <div className="nav-bar__right">{right}</div>
    </header>
  );
}
