import Button from 'antd-mobile/es/components/button';
import Popup from 'antd-mobile/es/components/popup';
import { useTranslation } from 'react-i18next';
import './terms-popup.css';

/** The user agreement the register form asks to accept. */
export function TermsPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="terms-popup" destroyOnClose>
      <h3 className="terms-popup__title">{t('auth.terms_title')}</h3>
      <div className="terms-popup__body">
        <p>{t('auth.terms_p1')}</p>
        <p>{t('auth.terms_p2')}</p>
        <p>{t('auth.terms_p3')}</p>
      </div>
      <Button block color="primary" shape="rounded" onClick={onClose} data-testid="terms-close">
        {t('common.got_it')}
      </Button>
    </Popup>
  );
}
