import type { newsApi } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import SoundOutline from 'antd-mobile-icons/es/SoundOutline';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api';
import { PATHS } from '../../../lib/paths';
import './notice-ticker.css';

/** The latest announcements (titles only, as text), one at a time; a tap opens it, "more" the notices. */
export function NoticeTicker() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const latest = useQuery({
    queryKey: ['home', 'news'],
    queryFn: ({ signal }) =>
      api.post<newsApi.ListReply>('news/list', { page: 1, limit: 3 }, { loading: false, toast: false, signal }),
  });
  const [index, setIndex] = useState(0);
  const items = latest.data?.list ?? [];
  useEffect(() => {
    if (items.length < 2) return;
    const id = setInterval(() => setIndex((i) => (i + 1) % items.length), 4000);
    return () => clearInterval(id);
  }, [items.length]);
  // Nothing published yet: no bar at all rather than an invented headline.
  if (!items.length) return null;
  const item = items[index % items.length]!;
  return (
    <div className="notice-ticker" data-testid="home-notice-ticker">
      <SoundOutline className="notice-ticker__icon" />
      <button
        type="button"
        className="notice-ticker__title"
        onClick={() => navigate(`${PATHS.noticeDetail}?id=${item.id}`)}
        data-testid="home-notice-title"
      >
        {item.title}
      </button>
      <button type="button" className="notice-ticker__more" onClick={() => navigate(PATHS.notice)} data-testid="home-notice-more">
        {t('notice.more')}
      </button>
    </div>
  );
}
