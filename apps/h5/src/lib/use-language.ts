import { isLang, type Lang } from '@app/shared';
import { useState } from 'react';
import { api } from './api';
import { applyLanguage, useLocaleStore } from './locale';

/**
 * Changes the language: tells the server (`set/lang`, whose answer is the mark to store), then switches
 * every layer locally. A failed call still switches locally: the language is a device preference.
 */
export function useLanguageSwitch() {
  const lang = useLocaleStore((s) => s.lang);
  const [switching, setSwitching] = useState<Lang | null>(null);

  const change = async (next: Lang): Promise<void> => {
    if (switching) return;
    setSwitching(next);
    try {
      const answer = await api.post<unknown>('set/lang', { lang: next }, { toast: false }).catch(() => next);
      await applyLanguage(isLang(answer) ? answer : next);
    } finally {
      setSwitching(null);
    }
  };

  return { lang, switching, change };
}
