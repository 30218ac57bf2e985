import { HTML_LANG } from './i18n';
import { currentLang } from './locale';

/** A server time (ISO) in the app's language: "2025-11-22 14:05" style, local time zone. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return date.toLocaleString(HTML_LANG[currentLang()], {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });
}

/** "TR7NHq…gjLj6t": enough of an address to recognise it in a list; the full one is shown on tap. */
export function shortAddress(address: string, keep = 6): string {
  return address.length <= keep * 2 + 1 ? address : `${address.slice(0, keep)}…${address.slice(-keep)}`;
}

/** A card number as "•••• 1234": the last four digits are what people recognise their card by. */
export function maskCardNumber(number: string | null | undefined): string {
  if (!number) return '—';
  const digits = number.replace(/\D/g, '');
  return digits.length <= 4 ? digits : `•••• ${digits.slice(-4)}`;
}
