import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { EmptyState } from '../../../components/state-view';
import { formatDateTime } from '../../../lib/format';
import { PATHS } from '../../../lib/paths';
import { articleQuery } from '../api/help-api';
import './help.css';

/** One FAQ article (spec: /pages/help/center/detail?id=); its body is plain text with line breaks. */
export function HelpDetailPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const article = useQuery({ ...articleQuery(i18n.language, id), enabled: valid });

  return (
    <Page title={t('help.article')} testId="help-detail-page">
      {!valid || article.isError ? (
        <EmptyState
          testId="help-article-missing"
          text={t('help.article_missing')}
          action={
            <Button size="small" shape="rounded" fill="outline" color="primary" onClick={() => navigate(PATHS.helpCenter)}>
              {t('help.back_to_centre')}
            </Button>
          }
        />
      ) : article.isPending ? (
        <div className="help-skeleton" aria-busy="true">
          <div className="help-skeleton__row" />
          <div className="help-skeleton__row" />
        </div>
      ) : (
        <article className="help-detail" data-testid="help-article-detail">
          <div className="help-detail__category">{article.data.category_name}</div>
          <h1 className="help-detail__title">{article.data.title}</h1>
          <div className="help-card__time">{formatDateTime(article.data.updated_at)}</div>
          {article.data.lang !== i18n.language ? <div className="help-card__hint">{t('help.shown_in_english')}</div> : null}
          <p className="stored-text help-text help-detail__body">{article.data.body}</p>
          <div className="help-detail__more">
            <span>{t('help.still_need_help')}</span>
            <Button
              size="small"
              shape="rounded"
              color="primary"
              onClick={() => navigate(PATHS.helpChat)}
              data-testid="help-detail-chat"
            >
              {t('help.online_service')}
            </Button>
          </div>
        </article>
      )}
    </Page>
  );
}
