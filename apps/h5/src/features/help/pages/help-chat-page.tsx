import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import TextArea from 'antd-mobile/es/components/text-area';
import PictureOutline from 'antd-mobile-icons/es/PictureOutline';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { EmptyState, ErrorState, StateAction } from '../../../components/state-view';
import { Toast } from '../../../lib/antd-imperative';
import { formatDateTime } from '../../../lib/format';
import { customerUrlQuery } from '../../../lib/support-api';
import { checkUploadFile, UPLOAD_ACCEPT, uploadImage } from '../../../lib/upload';
import type { ChatHours } from '../api/help-api';
import { useSupportChat } from '../chat/use-support-chat';
import { MessageBubble } from '../components/message-bubble';
import './help.css';
import { IconButton } from '../../../components/icon-button';

/** The server's limit on one message (docs/api-support.md). */
const CHAT_MAX_CHARS = 2000;

/** Online service (spec: /pages/help/center/chat): the built-in chat, or a link to the external service. */
export function HelpChatPage() {
  const { t } = useTranslation();
  const customer = useQuery(customerUrlQuery());
  return (
    <Page title={t('help.online_service')} testId="help-chat-page">
      {customer.isPending ? (
        <div className="help-skeleton" aria-busy="true">
          <div className="help-skeleton__row" />
        </div>
      ) : customer.data && !customer.data.builtin ? (
        <EmptyState
          testId="help-external-service"
          text={t('help.external_service')}
          action={
            <StateAction onClick={() => void window.open(customer.data.customer_url, '_blank', 'noopener')}>
              {t('help.open_external')}
            </StateAction>
          }
        />
      ) : (
        <BuiltInChat />
      )}
    </Page>
  );
}

/**
 * The team's greeting opens every conversation (it is not a stored message); while the team is away
 * a line under it says when it is back.
 */
function ChatWelcome({ greeting, hours }: { greeting: string; hours: ChatHours }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="chat-row chat-row--theirs" data-testid="chat-greeting">
        <div className="chat-row__who">{t('help.agent')}</div>
        <div className="chat-bubble">
          <span className="stored-text">{greeting}</span>
        </div>
      </div>
      {!hours.open_now ? (
        <div className="chat__away" role="status" data-testid="chat-away">
          {hours.next_open_at ? t('help.team_away_until', { when: formatDateTime(hours.next_open_at) }) : t('help.team_away')}
        </div>
      ) : null}
    </>
  );
}

function BuiltInChat() {
  const { t } = useTranslation();
  const { state, connection, hasMore, welcome, sendText, sendImage, retry, discard, loadOlder } = useSupportChat();
  const [draft, setDraft] = useState('');
  const [uploading, setUploading] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const count = state.messages.length + state.pending.length;

  // New messages scroll into view (the page scrolls the document).
  useLayoutEffect(() => {
    if (count > 0) endRef.current?.scrollIntoView({ block: 'end' });
  }, [count]);

  const send = () => {
    const text = draft.trim();
    if (!text) return;
    if ([...text].length > CHAT_MAX_CHARS) {
      Toast.show({ content: t('errors.text_too_long') });
      return;
    }
    sendText(text);
    setDraft('');
  };

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const check = checkUploadFile(file);
    if (check) {
      Toast.show({ content: t(check === 'too_large' ? 'errors.upload_too_large' : 'errors.upload_not_image', { max: 5 }) });
      return;
    }
    setUploading(true);
    try {
      const uploaded = await uploadImage(file, 'chat');
      sendImage(uploaded.id, URL.createObjectURL(file));
    } catch (cause) {
      Toast.show({ content: cause instanceof Error && cause.message ? cause.message : t('upload.failed') });
    } finally {
      setUploading(false);
    }
  };

  if (connection === 'failed') return <ErrorState onRetry={() => window.location.reload()} />;

  return (
    <div className="chat" data-testid="chat" data-connection={connection}>
      {connection === 'connecting' || connection === 'offline' ? (
        <div className="chat__status" role="status" data-testid="chat-status">
          {t('help.reconnecting')}
        </div>
      ) : null}
      <div className="chat__list" data-testid="chat-list">
        {hasMore ? (
          <button type="button" className="text-link chat__older" onClick={() => void loadOlder()}>
            {t('help.older')}
          </button>
        ) : null}
        {connection === 'loading' ? (
          <div className="help-skeleton" aria-busy="true">
            <div className="help-skeleton__row" />
          </div>
        ) : welcome && !hasMore ? (
          <ChatWelcome greeting={welcome.greeting.text} hours={welcome.hours} />
        ) : null}
        {state.messages.map((m) => (
          <MessageBubble key={m.id} message={m} read={m.sender === 'user' && m.id <= state.agentReadId} />
        ))}
        {state.pending.map((p) => (
          <MessageBubble
            key={p.client_id}
            pending={p}
            onRetry={() => retry(p.client_id)}
            onDiscard={() => discard(p.client_id)}
          />
        ))}
        <div ref={endRef} />
      </div>
      <div className="chat__composer">
        <IconButton
          className="chat__picture"
          onClick={() => fileRef.current?.click()}
          disabled={uploading}
          label={t('help.send_picture')}
          testId="chat-picture"
        >
          <PictureOutline fontSize={24} />
        </IconButton>
        <input
          ref={fileRef}
          type="file"
          accept={UPLOAD_ACCEPT}
          hidden
          data-testid="chat-picture-input"
          onChange={(e) => {
            void pick(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <TextArea
          className="chat__input"
          value={draft}
          onChange={setDraft}
          placeholder={t('help.chat_placeholder')}
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={CHAT_MAX_CHARS}
          data-testid="chat-input"
          onEnterPress={(e) => {
            if (!e.shiftKey) {
              e.preventDefault();
              send();
            }
          }}
        />
        <Button color="primary" shape="rounded" size="small" onClick={send} disabled={!draft.trim()} data-testid="chat-send">
          {t('help.send')}
        </Button>
      </div>
    </div>
  );
}
