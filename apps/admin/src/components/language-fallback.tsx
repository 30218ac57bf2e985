import { LANGS } from '@app/shared';
import { Alert, Tag, Typography } from 'antd';

/** The languages of the app an item has no text in: their readers are shown the English text. */
export const missingLanguages = (present: Iterable<string>): string[] => {
  const have = new Set(present);
  return LANGS.filter((l) => l !== 'en' && !have.has(l));
};

/** For a list row: "All 7 languages", or which languages are shown the English text. */
export function LanguageFallback({ present, testId }: { present: Iterable<string>; testId?: string }) {
  const missing = missingLanguages(present);
  if (!missing.length)
    return (
      <Tag color="green" data-testid={testId}>
        All {LANGS.length} languages
      </Tag>
    );
  return (
    <Typography.Text type="warning" data-testid={testId}>
      English shown for: {missing.join(', ')}
    </Typography.Text>
  );
}

/** For an editor: a note while some languages are still empty (English is required, so it is the fallback). */
export function LanguageFallbackNote({ present }: { present: Iterable<string> }) {
  const missing = missingLanguages(present);
  if (!missing.length) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      message={`English shown for: ${missing.join(', ')}`}
      description="Readers of these languages see the English text until it is written in their language."
      data-testid="language-fallback-note"
    />
  );
}
