import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { EmptyState, ErrorState } from '../../../components/state-view';
import { isApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { htmlLangOf } from '../../../lib/i18n';
import { newsDetailQuery, noticeKeys } from '../api/notice-api';
import './notice-page.css';

/** One announcement. The body is plain text (line breaks kept); nothing in it is interpreted as HTML. */
export function NoticeDetailPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const client = useQueryClient();
  const detail = useQuery({ ...newsDetailQuery(id), enabled: valid, retry: false });
  // Opening it marked it read on the server: the lists and badges follow.
  useEffect(() => {
    if (detail.data) {
      void client.invalidateQueries({ queryKey: noticeKeys.news });
      void client.invalidateQueries({ queryKey: noticeKeys.unread });
    }
  }, [detail.data, client]);

  return (
    <Page title={t('notice.announcement')} testId="notice-detail-page">
      {!valid || (detail.isError && isApiError(detail.error) && detail.error.code === 'not_found') ? (
        <EmptyState text={t('notice.not_found')} testId="notice-not-found" />
      ) : detail.isPending ? (
        <PageLoader inline />
      ) : detail.isError ? (
        <ErrorState onRetry={() => void detail.refetch()} />
      ) : (
        // Marked with the text's language: an English fallback is read out as English.
        <article className="notice-article" data-testid="notice-article" lang={htmlLangOf(detail.data.lang)}>
          <h1 className="notice-article__title" data-testid="notice-title">
            {detail.data.title}
          </h1>
          <div className="fine-print notice-article__time">{formatDateTime(detail.data.created_at)}</div>
          {detail.data.lang !== i18n.language ? (
            <div className="fine-print notice-article__time" data-testid="notice-shown-in-english">
              {t('common.shown_in_english')}
            </div>
          ) : null}
          <div className="stored-text notice-article__body" data-testid="notice-body">
            {detail.data.body}
          </div>
        </article>
      )}
    </Page>
  );
}
