import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import type { ChatMessage, PendingMessage } from '../chat/messages';
import { AuthedImage } from './authed-image';

type Props =
  | { message: ChatMessage; read: boolean; pending?: undefined; onRetry?: undefined; onDiscard?: undefined }
  | { pending: PendingMessage; onRetry: () => void; onDiscard: () => void; message?: undefined; read?: undefined };

/**
 * One chat message. Its text is a React text node — markup in it (`<script>`, `<img onerror>`) is shown
 * as the characters it is, never parsed; line breaks are kept by CSS (white-space: pre-wrap).
 */
export function MessageBubble(props: Props) {
  const { t } = useTranslation();
  const mine = props.pending ? true : props.message.sender === 'user';
  const sender = props.pending ? 'user' : props.message.sender;
  const kind = props.pending ? props.pending.kind : props.message.kind;
  const text = props.pending ? props.pending.text : props.message.text;
  return (
    <div
      className={`chat-row ${mine ? 'chat-row--mine' : 'chat-row--theirs'}${sender === 'system' ? ' chat-row--system' : ''}`}
      data-testid={props.pending ? 'chat-pending' : 'chat-message'}
      data-sender={sender}
      data-id={props.message?.id}
    >
      {!mine ? <div className="chat-row__who">{t(sender === 'system' ? 'help.auto_reply' : 'help.agent')}</div> : null}
      <div className="chat-bubble">
        {kind === 'image' ? (
          props.pending ? (
            props.pending.preview ? (
              <img className="help-image" src={props.pending.preview} alt={t('help.image')} />
            ) : null
          ) : props.message.image ? (
            <AuthedImage url={props.message.image.url} alt={t('help.image')} testId="chat-image" />
          ) : null
        ) : (
          <span className="stored-text" data-testid="chat-text">
            {text}
          </span>
        )}
      </div>
      <div className="chat-row__meta">
        {props.pending ? (
          props.pending.state === 'failed' ? (
            <span className="chat-row__failed" role="alert">
              {props.pending.error ?? t('help.send_failed')}{' '}
              <button type="button" className="text-link" onClick={props.onRetry} data-testid="chat-retry">
                {t('common.retry')}
              </button>{' '}
              <button type="button" className="text-link" onClick={props.onDiscard}>
                {t('help.discard')}
              </button>
            </span>
          ) : (
            <span>{t('help.sending')}</span>
          )
        ) : (
          <>
            <span>{formatDateTime(props.message.created_at)}</span>
            {mine ? (
              <span className={props.read ? 'chat-row__read' : undefined} data-testid="chat-receipt">
                {props.read ? t('help.read') : t('help.delivered')}
              </span>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
