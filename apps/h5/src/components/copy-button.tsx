import { useTranslation } from 'react-i18next';
import { Dialog } from '../lib/antd-imperative';
import { showMessage } from '../lib/loading-indicator';
import './copy-button.css';

/** The clipboard API, or false when it is missing (plain HTTP, old WebViews) or refused. */
export async function writeClipboard(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * "Copy": on success a toast; when the clipboard refuses, the spec's fallback "copy failed, copy
 * manually" with the text shown selectable (a long press selects it all).
 */
export function CopyButton({ text, label, testId }: { text: string; label?: string; testId?: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    if (await writeClipboard(text)) {
      showMessage(t('common.copied'), 'success');
      return;
    }
    Dialog.alert({
      title: t('common.copy_failed'),
      content: (
        <div className="copy-fallback" data-testid="copy-fallback">
          {text}
        </div>
      ),
      confirmText: t('common.close'),
    });
  };
  return (
    <button type="button" className="copy-button" onClick={copy} data-testid={testId}>
      {label ?? t('common.copy')}
    </button>
  );
}
