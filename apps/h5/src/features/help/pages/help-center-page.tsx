import { useQuery } from '@tanstack/react-query';
import Badge from 'antd-mobile/es/components/badge';
import SearchBar from 'antd-mobile/es/components/search-bar';
import MessageOutline from 'antd-mobile-icons/es/MessageOutline';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { PullRefresh } from '../../../components/pull-refresh';
import { Segmented } from '../../../components/segmented';
import { EmptyState, ErrorState } from '../../../components/state-view';
import { PATHS } from '../../../lib/paths';
import { customerUrlQuery, supportUnreadQuery } from '../../../lib/support-api';
import { articlesQuery, categoriesQuery, feedbackQuery } from '../api/help-api';
import { FeedbackPanel } from '../components/feedback-panel';
import './help.css';

const HELP_TABS = { faq: 'help.faq', feedback: 'help.feedback' } as const;
type Tab = keyof typeof HELP_TABS;

/** The help centre: online service, the FAQ (categories, search) and feedback (spec: /pages/help/center/center). */
export function HelpCenterPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'feedback' ? 'feedback' : 'faq';
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [q, setQ] = useState('');
  const categories = useQuery(categoriesQuery(lang));
  const articles = useQuery(articlesQuery(lang, q ? null : categoryId, q));
  const unread = useQuery(supportUnreadQuery());
  const customer = useQuery(customerUrlQuery());
  const feedback = useQuery({ ...feedbackQuery(), enabled: tab === 'feedback' });

  const openService = () => {
    if (customer.data && !customer.data.builtin) window.open(customer.data.customer_url, '_blank', 'noopener');
    else navigate(PATHS.helpChat);
  };

  return (
    <Page title={t('help.title')} testId="help-center-page">
      <PullRefresh
        onRefresh={() =>
          Promise.all([
            categories.refetch(),
            articles.refetch(),
            unread.refetch(),
            tab === 'feedback' ? feedback.refetch() : undefined,
          ])
        }
      >
        <button type="button" className="help-service" onClick={openService} data-testid="help-online-service">
          <span className="help-service__icon">
            <Badge content={unread.data?.count ? unread.data.count : null} data-testid="help-unread">
              <MessageOutline fontSize={24} />
            </Badge>
          </span>
          <span className="help-service__body">
            <span className="help-service__title">{t('help.online_service')}</span>
            <span className="help-service__text">{t('help.online_service_text')}</span>
          </span>
          <RightOutline />
        </button>

        <div className="help-tabs">
          <Segmented
            variant="tabs"
            testId="help-tab"
            value={tab}
            onChange={(v) => setParams(v === 'faq' ? {} : { tab: v }, { replace: true })}
            labels={HELP_TABS}
          />
        </div>

        {tab === 'faq' ? (
          <section className="help-faq">
            <div className="help-search">
              <SearchBar placeholder={t('help.search_placeholder')} onSearch={(v) => setQ(v.trim())} onClear={() => setQ('')} />
            </div>
            {!q ? (
              <div className="help-chips" data-testid="help-categories">
                <button
                  type="button"
                  className={categoryId === null ? 'help-chip help-chip--on' : 'help-chip'}
                  onClick={() => setCategoryId(null)}
                >
                  {t('help.all')}
                </button>
                {categories.data?.map((c) => (
                  <button
                    type="button"
                    key={c.id}
                    className={categoryId === c.id ? 'help-chip help-chip--on' : 'help-chip'}
                    onClick={() => setCategoryId(c.id)}
                    data-testid={`help-category-${c.slug}`}
                  >
                    {c.name}
                  </button>
                ))}
              </div>
            ) : (
              <div className="help-results-for">{t('help.results_for', { q })}</div>
            )}
            {articles.isPending ? (
              <div className="help-skeleton" aria-busy="true">
                {[0, 1, 2].map((i) => (
                  <div key={i} className="help-skeleton__row" />
                ))}
              </div>
            ) : articles.isError ? (
              <ErrorState onRetry={() => void articles.refetch()} />
            ) : articles.data.length === 0 ? (
              <EmptyState text={q ? t('help.no_results') : t('common.no_data')} />
            ) : (
              <ul className="help-articles" data-testid="help-articles">
                {articles.data.map((a) => (
                  <li key={a.id}>
                    <button
                      type="button"
                      className="help-article-item"
                      onClick={() => navigate(`${PATHS.helpDetail}?id=${a.id}`)}
                      data-testid="help-article"
                    >
                      <span className="help-article-item__title">{a.title}</span>
                      <span className="help-article-item__summary">{a.summary}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ) : (
          <FeedbackPanel query={feedback} />
        )}
      </PullRefresh>
    </Page>
  );
}
