import Button from 'antd-mobile/es/components/button';
import Popup from 'antd-mobile/es/components/popup';
import { QRCodeCanvas } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APP_NAME } from '../../../lib/app-info';
import { showMessage } from '../../../lib/loading-indicator';
import type { PosterData } from '../api/promotion-api';
import './poster-sheet.css';

const WIDTH = 600;
const HEIGHT = 900;
const QR_SIZE = 320;

/**
 * Draws the invitation poster as a PNG: brand, headline, the QR code of the share link, the code and
 * the link. Colours are fixed (the poster is an image shared outside the app, not themed). Throws when
 * the browser cannot draw or encode (old WebViews, canvas disabled).
 */
export async function drawPoster(qr: HTMLCanvasElement, data: PosterData, headline: string, codeLabel: string): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  const bg = ctx.createLinearGradient(0, 0, 0, HEIGHT);
  bg.addColorStop(0, '#1b2b28');
  bg.addColorStop(1, '#202020');
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  ctx.textAlign = 'center';
  ctx.fillStyle = '#2befbc';
  ctx.font = 'bold 40px sans-serif';
  ctx.fillText(APP_NAME, WIDTH / 2, 110);
  ctx.fillStyle = '#ffffff';
  ctx.font = '30px sans-serif';
  ctx.fillText(headline, WIDTH / 2, 180, WIDTH - 60);
  ctx.fillStyle = '#ffffff';
  const qrX = (WIDTH - QR_SIZE) / 2;
  ctx.fillRect(qrX - 16, 240 - 16, QR_SIZE + 32, QR_SIZE + 32);
  ctx.drawImage(qr, qrX, 240, QR_SIZE, QR_SIZE);
  ctx.fillStyle = '#a0a0a0';
  ctx.font = '24px sans-serif';
  ctx.fillText(codeLabel, WIDTH / 2, 680);
  ctx.fillStyle = '#2befbc';
  ctx.font = 'bold 52px monospace';
  ctx.fillText(data.extension_code, WIDTH / 2, 745);
  ctx.fillStyle = '#808080';
  ctx.font = '18px sans-serif';
  ctx.fillText(data.share_url, WIDTH / 2, 820, WIDTH - 40);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('the poster could not be encoded');
  return blob;
}

/** The poster in a bottom sheet: drawn once it opens; "save" downloads the PNG ("save image failed" otherwise). */
export function PosterSheet({ open, onClose, data }: { open: boolean; onClose: () => void; data: PosterData | undefined }) {
  const { t } = useTranslation();
  const qrRef = useRef<HTMLCanvasElement>(null);
  const [image, setImage] = useState<{ blob: Blob; url: string } | null>(null);
  const [failed, setFailed] = useState(false);
  const headline = t('promotion.poster_headline', { percent: data?.rebate_percent ?? '' });
  const codeLabel = t('promotion.invite_code');

  useEffect(() => {
    if (!open || !data) return;
    let url: string | null = null;
    let cancelled = false;
    // The sheet mounts its content as it opens and the QR canvas draws in its own effect: wait for it
    // frame by frame (about a second at most), then copy it into the poster.
    let frame = 0;
    let id = 0;
    const attempt = () => {
      const qr = qrRef.current;
      if (!qr) {
        if (++frame < 60) id = requestAnimationFrame(attempt);
        else setFailed(true);
        return;
      }
      drawPoster(qr, data, headline, codeLabel)
        .then((blob) => {
          if (cancelled) return;
          url = URL.createObjectURL(blob);
          setImage({ blob, url });
          setFailed(false);
        })
        .catch(() => !cancelled && setFailed(true));
    };
    id = requestAnimationFrame(attempt);
    return () => {
      cancelled = true;
      cancelAnimationFrame(id);
      if (url) URL.revokeObjectURL(url);
      setImage(null);
    };
  }, [open, data, headline, codeLabel]);

  const save = () => {
    try {
      if (!image || !data) throw new Error('no poster');
      const link = document.createElement('a');
      link.href = image.url;
      link.download = `invite-${data.extension_code}.png`;
      document.body.appendChild(link);
      link.click();
      link.remove();
      showMessage(t('promotion.poster_saved'), 'success');
    } catch {
      showMessage(t('promotion.save_failed'), 'fail');
    }
  };

  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="poster-sheet" destroyOnClose>
      <div className="poster-sheet__body" data-testid="poster-sheet">
        {data ? (
          <>
            {/* The QR code is drawn off screen and copied into the poster image. */}
            <div className="poster-sheet__qr-source" aria-hidden>
              <QRCodeCanvas ref={qrRef} value={data.share_url} size={QR_SIZE} marginSize={1} />
            </div>
            {image ? (
              <img className="poster-sheet__image" src={image.url} alt={headline} data-testid="poster-image" />
            ) : (
              <div className="poster-sheet__placeholder">{failed ? t('promotion.save_failed') : t('common.loading')}</div>
            )}
            <p className="fine-print poster-sheet__hint">{t('promotion.poster_hint')}</p>
            <div className="poster-sheet__actions">
              <Button block onClick={onClose} data-testid="poster-close">
                {t('common.close')}
              </Button>
              <Button block color="primary" onClick={save} disabled={!image && !failed} data-testid="poster-save">
                {t('promotion.save_poster')}
              </Button>
            </div>
          </>
        ) : null}
      </div>
    </Popup>
  );
}
