import { useTranslation } from 'react-i18next';
import { LanguageList } from '../../../components/language-list';
import { Page } from '../../../components/page';
import { i18n } from '../../../lib/i18n';
import { showMessage } from '../../../lib/loading-indicator';
import { useLanguageSwitch } from '../../../lib/use-language';

export function LanguagePage() {
  const { t } = useTranslation();
  const { lang, switching, change } = useLanguageSwitch();
  return (
    <Page title={t('language.title')} testId="language-page">
      <LanguageList
        current={lang}
        pending={switching}
        onSelect={async (next) => {
          if (next === lang) return;
          await change(next);
          // Shown in the new language: the confirmation is also the first proof the switch worked.
          showMessage(i18n.t('language.changed'), 'success');
        }}
      />
    </Page>
  );
}
