// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectTexts } from '../../../test/expect-texts';
import { type ApiHandler, answerPost, mockApi, ok } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { tableSpinner } from '../../../test/table-spinner';
import type { AdminHelpArticle, AdminHelpArticleRow, AdminHelpCategory } from '../api/help';
import { FaqPage } from './faq-page';

const categories: AdminHelpCategory[] = [
  { id: 1, slug: 'deposits', names: { en: 'Deposits', jp: '入金' }, sort: 10, article_count: 2 },
  { id: 2, slug: 'security', names: { en: 'Security' }, sort: 20, article_count: 1 },
];

const rows: AdminHelpArticleRow[] = [
  {
    id: 11,
    category_id: 1,
    slug: 'deposit-not-arrived',
    sort: 1,
    published: true,
    title: 'My deposit has not arrived',
    langs: ['en', 'jp', 'kr', 'esp', 'zh', 'hk', 'th'],
    updated_at: '2026-11-25T09:00:00Z',
  },
  {
    id: 14,
    category_id: 2,
    slug: 'reset-2fa',
    sort: 2,
    published: false,
    title: 'Resetting two-factor sign-in',
    langs: ['en', 'jp'],
    updated_at: '2026-11-26T09:00:00Z',
  },
];

const article: AdminHelpArticle = {
  id: 11,
  category_id: 1,
  slug: 'deposit-not-arrived',
  sort: 1,
  published: true,
  updated_at: '2026-11-25T09:00:00Z',
  texts: {
    en: { title: 'My deposit has not arrived', body: 'Deposits are credited after 20 confirmations.' },
    jp: { title: '入金が反映されない', body: '20承認後に反映されます。' },
  },
};

function serve(articles: AdminHelpArticleRow[], extra: ApiHandler = () => undefined) {
  return mockApi((call) => {
    if (call.method === 'GET' && call.path === '/admin/help/categories') return ok(categories);
    if (call.method === 'GET' && call.path === '/admin/help/articles') {
      const category = call.query.get('category_id');
      return ok(category ? articles.filter((a) => String(a.category_id) === category) : articles);
    }
    if (call.method === 'GET' && call.path === '/admin/help/articles/11') return ok(article);
    return extra(call);
  });
}

const table = () => screen.getByTestId('faq-table');
const spinner = () => tableSpinner(table());

describe('FAQ page', () => {
  it('shows a spinner, then each article with its category, languages and state', async () => {
    const api = serve(rows);
    renderPage(<FaqPage />, { path: '/faq' });
    expect(spinner()).not.toBeNull();

    const row = (await within(table()).findByText('My deposit has not arrived')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Published')).toBeTruthy();
    await within(row).findByText('Deposits');
    expect(screen.getByTestId('faq-langs-11').textContent).toBe('All 7 languages');
    const draft = within(table()).getByText('Resetting two-factor sign-in').closest('tr') as HTMLElement;
    expectTexts(draft, ['Draft', 'Security']);
    expect(screen.getByTestId('faq-langs-14').textContent).toBe('English shown for: kr, esp, zh, hk, th');
    expect(api.callsTo('GET', '/admin/help/articles')[0]?.query.has('category_id')).toBe(false);
  });

  it('says there is no article when the list is empty', async () => {
    serve([]);
    renderPage(<FaqPage />, { path: '/faq' });
    expect(await within(table()).findByText('No articles')).toBeTruthy();
  });

  it("asks the server for one category's articles when it is chosen", async () => {
    const api = serve(rows);
    renderPage(<FaqPage />, { path: '/faq' });
    await within(table()).findByText('Resetting two-factor sign-in');
    const filter = screen.getByTestId('faq-category-filter');
    fireEvent.mouseDown(filter.querySelector('input') ?? filter);
    fireEvent.click(await screen.findByText('Security (1)', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(api.callsTo('GET', '/admin/help/articles').at(-1)?.query.get('category_id')).toBe('2'));
    await waitFor(() => expect(within(table()).queryByText('My deposit has not arrived')).toBeNull());
    expect(within(table()).getByText('Resetting two-factor sign-in')).toBeTruthy();
  });

  it('opens an article with its stored texts, and refuses a slug with capitals or spaces', async () => {
    const api = serve(rows);
    renderPage(<FaqPage />, { path: '/faq' });
    fireEvent.click((await within(table()).findAllByTestId('faq-edit'))[0] as HTMLElement);
    expect(await screen.findByText('Article #11')).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('faq-title-jp') as HTMLInputElement).value).toBe('入金が反映されない'));
    expect((screen.getByTestId('faq-slug') as HTMLInputElement).value).toBe('deposit-not-arrived');
    fireEvent.change(screen.getByTestId('faq-slug'), { target: { value: 'Deposit Help' } });
    expect(await screen.findByText('a-z, 0-9 and -')).toBeTruthy();
    expect(api.posts()).toEqual([]);
  });

  it('saves an edited article with only the languages written', async () => {
    const api = serve(rows, answerPost('/admin/help/articles/11', ok({ ...article, sort: 1 })));
    renderPage(<FaqPage />, { path: '/faq' });
    fireEvent.click((await within(table()).findAllByTestId('faq-edit'))[0] as HTMLElement);
    await waitFor(() =>
      expect((screen.getByTestId('faq-title-en') as HTMLInputElement).value).toBe('My deposit has not arrived'),
    );
    fireEvent.change(screen.getByTestId('faq-title-kr'), { target: { value: '입금이 안 됐어요' } });
    fireEvent.change(screen.getByTestId('faq-body-kr'), { target: { value: '20회 확인 후 입금됩니다.' } });
    fireEvent.click(screen.getByTestId('faq-save'));
    const body = (await api.sentOnce('POST', '/admin/help/articles/11')).body as { slug: string; texts: Record<string, unknown> };
    expect(body.slug).toBe('deposit-not-arrived');
    expect(Object.keys(body.texts).sort()).toEqual(['en', 'jp', 'kr']);
    expect(body.texts.kr).toEqual({ title: '입금이 안 됐어요', body: '20회 확인 후 입금됩니다.' });
    expect(await screen.findByText('Article #11 saved.')).toBeTruthy();
  });
});
