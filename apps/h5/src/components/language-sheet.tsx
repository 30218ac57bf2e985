import Popup from 'antd-mobile/es/components/popup';
import { useTranslation } from 'react-i18next';
import { useLanguageSwitch } from '../lib/use-language';
import { LanguageList } from './language-list';

/** The language list in a bottom sheet, for pages (login) that switch language in place. */
export function LanguageSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { lang, switching, change } = useLanguageSwitch();
  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ borderRadius: '16px 16px 0 0', paddingBottom: 'env(safe-area-inset-bottom)' }}
    >
      <div style={{ padding: '16px 16px 0', textAlign: 'center', fontSize: 16, fontWeight: 600 }}>{t('settings.language')}</div>
      <LanguageList
        current={lang}
        pending={switching}
        onSelect={async (next) => {
          await change(next);
          onClose();
        }}
      />
    </Popup>
  );
}
