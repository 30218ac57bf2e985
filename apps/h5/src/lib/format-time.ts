import { HTML_LANG } from './i18n';
import { currentLang } from './locale';

/** A price sample's moment to the second ("2025-11-22 14:05:07"), local time, in the app's language. */
export function formatSampleTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  return new Date(ms).toLocaleString(HTML_LANG[currentLang()], {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  });
}
