import Button from 'antd-mobile/es/components/button';
import Popup from 'antd-mobile/es/components/popup';
import { useTranslation } from 'react-i18next';
import { AppLogo } from '../../../components/app-logo';
import { APP_NAME, APP_VERSION } from '../../../lib/app-info';
import './about-sheet.css';

export function AboutSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="about-sheet">
      <div className="about-sheet__inner" data-testid="about-sheet">
        <AppLogo size={56} />
        <h3 className="about-sheet__name">{APP_NAME}</h3>
        <div className="about-sheet__version" data-testid="about-version">
          {t('settings.version')} {APP_VERSION}
        </div>
        <p className="about-sheet__text">{t('settings.about_body')}</p>
        <Button block color="primary" shape="rounded" onClick={onClose}>
          {t('common.got_it')}
        </Button>
      </div>
    </Popup>
  );
}
