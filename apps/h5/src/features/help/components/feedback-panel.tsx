import { type UseQueryResult, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import TextArea from 'antd-mobile/es/components/text-area';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../../components/image-upload';
import { QueryView } from '../../../components/query-view';
import { Toast } from '../../../lib/antd-imperative';
import { isApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { type FeedbackPage, helpKeys, readFeedbackReplies, sendFeedback } from '../api/help-api';
import { AuthedImage } from './authed-image';

/** The server's limits (docs/api-support.md): checked here first, and again by the server. */
export const FEEDBACK_MAX_CHARS = 2000;
export const FEEDBACK_MAX_IMAGES = 4;

/** Writing feedback (text and up to four pictures) and reading the operators' replies. */
export function FeedbackPanel({ query }: { query: UseQueryResult<FeedbackPage> }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [content, setContent] = useState('');
  const [images, setImages] = useState<string[]>(['']);
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  // Each submission gets fresh pickers (keys), so the previous pictures leave the form.
  const [round, setRound] = useState(0);

  // Replies shown here count as read.
  const unread = query.data?.unread ?? 0;
  useEffect(() => {
    if (unread > 0) void readFeedbackReplies().then(() => client.invalidateQueries({ queryKey: helpKeys.feedback }));
  }, [unread, client]);

  const setImage = (index: number, id: string) => {
    setImages((list) => {
      const next = [...list];
      next[index] = id;
      const filled = next.filter(Boolean);
      // One empty picker after the filled ones, up to the limit.
      return filled.length < FEEDBACK_MAX_IMAGES ? [...filled, ''] : filled;
    });
  };

  const submit = async () => {
    const text = content.trim();
    if (!text) return setError('field_required');
    if ([...text].length > FEEDBACK_MAX_CHARS) return setError('text_too_long');
    setError(undefined);
    setSending(true);
    try {
      await sendFeedback({ content: text, images: images.filter(Boolean) });
      Toast.show({ content: t('help.feedback_sent') });
      setContent('');
      setImages(['']);
      setRound((r) => r + 1);
      await client.invalidateQueries({ queryKey: helpKeys.feedback });
    } catch (cause) {
      if (isApiError(cause) && cause.fields?.content) setError(cause.fields.content);
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="help-feedback" data-testid="help-feedback">
      <div className="help-card">
        <div className="help-card__label">{t('help.feedback_label')}</div>
        <TextArea
          value={content}
          onChange={(v) => {
            setContent(v);
            setError(undefined);
          }}
          placeholder={t('help.feedback_placeholder')}
          rows={5}
          maxLength={FEEDBACK_MAX_CHARS}
          showCount
          data-testid="feedback-content"
        />
        {error ? (
          <div className="help-field-error" role="alert" data-testid="feedback-error">
            {t(`errors.${error}`, { defaultValue: error })}
          </div>
        ) : null}
        <div className="help-feedback__images">
          {images.map((id, i) => (
            <ImageUpload
              key={`${round}-${i}`}
              purpose="feedback"
              label={t('help.picture', { n: i + 1 })}
              value={id}
              onChange={(value) => setImage(i, value)}
              testId={`feedback-image-${i}`}
            />
          ))}
        </div>
        <div className="help-card__hint">{t('help.feedback_hint', { max: FEEDBACK_MAX_IMAGES })}</div>
        <Button block color="primary" shape="rounded" loading={sending} onClick={submit} data-testid="feedback-submit">
          {t('help.feedback_submit')}
        </Button>
      </div>

      <h3 className="help-section-title">{t('help.my_feedback')}</h3>
      <QueryView
        query={query}
        loading={
          <div className="help-skeleton" aria-busy="true">
            <div className="help-skeleton__row" />
          </div>
        }
        isEmpty={(data) => data.list.length === 0}
        emptyText={t('help.no_feedback')}
      >
        {(data) => (
          <ul className="help-feedback__list" data-testid="feedback-list">
            {data.list.map((f) => (
              <li key={f.id} className="help-card" data-testid="feedback-item">
                <div className="help-card__time">{formatDateTime(f.created_at)}</div>
                <p className="stored-text help-text">{f.content}</p>
                {f.images.length > 0 ? (
                  <div className="help-feedback__thumbs">
                    {f.images.map((img) => (
                      <AuthedImage key={img.id} url={img.url} alt={t('help.image')} className="help-thumb" />
                    ))}
                  </div>
                ) : null}
                {f.reply ? (
                  <div className="help-reply" data-testid="feedback-reply">
                    <div className="help-reply__label">
                      {t('help.reply')} · {formatDateTime(f.replied_at)}
                    </div>
                    <p className="stored-text help-text">{f.reply}</p>
                  </div>
                ) : (
                  <div className="help-card__hint">{t('help.awaiting_reply')}</div>
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}
