import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentToken } from '../../../lib/auth-store';

/**
 * An image the API serves only with the user's token (chat and feedback pictures): an <img src>
 * cannot send the Authorization header, so the bytes are fetched and shown through an object URL.
 */
export function AuthedImage({ url, alt, className, testId }: { url: string; alt: string; className?: string; testId?: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    // Only our own API's paths: a stored URL cannot make the app send the token elsewhere.
    if (!url.startsWith('/api/')) {
      setFailed(true);
      return;
    }
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const token = currentToken();
    fetch(url, { headers: token ? { Authorization: token } : {}, signal: controller.signal })
      .then(async (res) => {
        const type = res.headers.get('content-type') ?? '';
        if (!res.ok || !type.startsWith('image/')) throw new Error('not an image');
        objectUrl = URL.createObjectURL(await res.blob());
        setSrc(objectUrl);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  if (failed) return <span className="help-image help-image--failed">{t('help.image_failed')}</span>;
  if (!src) return <span className="help-image help-image--loading" aria-busy="true" />;
  return <img className={className ?? 'help-image'} src={src} alt={alt} data-testid={testId} />;
}
