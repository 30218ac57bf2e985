import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Badge from 'antd-mobile/es/components/badge';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { PagedList } from '../../../components/paged-list';
import { PullRefresh } from '../../../components/pull-refresh';
import { Segmented } from '../../../components/segmented';
import { formatDateTime } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import {
  type MessageItem,
  markMessageRead,
  markNewsRead,
  messagesQuery,
  type NewsItem,
  newsQuery,
  noticeKeys,
  unreadQuery,
} from '../api/notice-api';
import './notice-page.css';

type Tab = 'news' | 'messages';

type CardProps = {
  item: { read: boolean; title: string; created_at: NewsItem['created_at'] };
  pinned?: boolean;
  /** An announcement's summary or a message's whole body, in its own class. */
  text: string;
  textClassName: string;
  onClick: () => void;
  testId: string;
  /** What the tests read of the row (`data-id`, `data-read`). */
  [data: `data-${string}`]: string | number | boolean;
};

/** A row of either list: the unread dot, an announcement's pin, the title, its text and its time. */
function NoticeCard({ item, pinned, text, textClassName, onClick, testId, ...data }: CardProps) {
  const { t } = useTranslation();
  return (
    <button type="button" className="card-button notice-card" onClick={onClick} data-testid={testId} {...data}>
      <div className="notice-card__head">
        {!item.read ? <span className="notice-card__dot" title={t('notice.unread')} /> : null}
        {pinned ? <span className="notice-card__pin">{t('notice.pinned')}</span> : null}
        {/* Plain text: React escapes it, so markup an operator typed shows literally. */}
        <span className="notice-card__title">{item.title}</span>
      </div>
      <div className={textClassName}>{text}</div>
      <div className="fine-print notice-card__time">{formatDateTime(item.created_at)}</div>
    </button>
  );
}

function NewsCard({ item, onOpen }: { item: NewsItem; onOpen: () => void }) {
  return (
    <NoticeCard
      item={item}
      pinned={item.pinned}
      text={item.summary}
      textClassName="notice-card__summary"
      onClick={onOpen}
      testId="news-row"
      data-id={item.id}
    />
  );
}

function MessageCard({ item, onRead }: { item: MessageItem; onRead: () => void }) {
  return (
    <NoticeCard
      item={item}
      text={item.body}
      textClassName="notice-card__body"
      onClick={onRead}
      testId="message-row"
      data-read={item.read}
    />
  );
}

/** Notices: the announcements and my messages, with unread badges and "mark all read". */
export function NoticePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [tab, setTabState] = useState<Tab>(params.get('tab') === 'messages' ? 'messages' : 'news');
  const setTab = (next: Tab) => {
    setTabState(next);
    setParams({ tab: next }, { replace: true });
  };
  const news = useInfiniteQuery({ ...newsQuery(), enabled: tab === 'news' });
  const messages = useInfiniteQuery({ ...messagesQuery(), enabled: tab === 'messages' });
  const unread = useQuery(unreadQuery());
  const refreshAll = () => client.invalidateQueries({ queryKey: noticeKeys.all });
  const readAll = useMutation({
    mutationFn: () => (tab === 'news' ? markNewsRead({ all: 1 }) : markMessageRead({ all: 1 })),
    onSuccess: refreshAll,
  });
  const readOne = useMutation({ mutationFn: (id: number) => markMessageRead({ id }), onSuccess: refreshAll });
  const count = tab === 'news' ? (unread.data?.news ?? 0) : (unread.data?.messages ?? 0);

  return (
    <Page
      title={t('sections.notice')}
      testId="notice-page"
      navRight={
        count > 0 ? (
          <button type="button" className="text-link" onClick={() => readAll.mutate()} data-testid="notice-read-all">
            {t('notice.read_all')}
          </button>
        ) : null
      }
    >
      <div className="notice-tabs">
        <Segmented
          variant="tabs"
          options={[
            {
              value: 'news',
              label: (
                <Badge content={unread.data?.news ? unread.data.news : null} data-testid="notice-news-badge">
                  <span className="notice-tabs__label">{t('notice.announcements')}</span>
                </Badge>
              ),
            },
            {
              value: 'messages',
              label: (
                <Badge content={unread.data?.messages ? unread.data.messages : null} data-testid="notice-messages-badge">
                  <span className="notice-tabs__label">{t('notice.messages')}</span>
                </Badge>
              ),
            },
          ]}
          value={tab}
          onChange={setTab}
          testId="notice-tab"
        />
      </div>
      <PullRefresh onRefresh={() => Promise.all([unread.refetch(), tab === 'news' ? news.refetch() : messages.refetch()])}>
        {tab === 'news' ? (
          <PagedList
            query={news}
            renderItem={(item) => <NewsCard item={item} onOpen={() => navigate(`${PATHS.noticeDetail}?id=${item.id}`)} />}
            emptyText={t('notice.no_news')}
            testId="news-list"
          />
        ) : (
          <PagedList
            query={messages}
            renderItem={(item) => <MessageCard item={item} onRead={() => !item.read && readOne.mutate(item.id)} />}
            emptyText={t('notice.no_messages')}
            testId="message-list"
          />
        )}
      </PullRefresh>
    </Page>
  );
}
