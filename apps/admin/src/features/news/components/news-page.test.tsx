// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectSent } from '../../../test/expect-sent';
import { answerPost, ok, servesList } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { tableSpinner } from '../../../test/table-spinner';
import type { ConsoleNews } from '../api/news';
import { NewsPage } from './news-page';

const maintenance: ConsoleNews = {
  id: 31,
  published: true,
  pinned: true,
  texts: {
    en: { title: 'Scheduled maintenance on 2 December', body: 'Trading pauses from 02:00 to 03:00 UTC.' },
    jp: { title: '12月2日のメンテナンス', body: '取引は02:00から03:00 UTCまで停止します。' },
  },
  created_at: '2026-11-25T09:00:00Z',
  updated_at: '2026-11-26T10:30:00Z',
};

const listing: ConsoleNews = {
  id: 30,
  published: false,
  pinned: false,
  texts: { en: { title: 'New listing: SOL/USDT', body: 'SOL spot trading opens on Friday.' } },
  created_at: '2026-11-20T09:00:00Z',
  updated_at: '2026-11-20T09:00:00Z',
};

const serve = servesList<ConsoleNews>('/admin/news');

const table = () => screen.getByTestId('news-table');
const spinner = () => tableSpinner(table());

describe('news page', () => {
  it('shows a spinner, then each announcement with its English title, state and missing languages', async () => {
    const api = serve([maintenance, listing]);
    renderPage(<NewsPage />, { path: '/news' });
    expect(spinner()).not.toBeNull();

    expect(await within(table()).findByText('Scheduled maintenance on 2 December')).toBeTruthy();
    expect(within(table()).getByText('New listing: SOL/USDT')).toBeTruthy();
    expect(screen.getByTestId('news-langs-31').textContent).toBe('English shown for: kr, esp, zh, hk, th');
    expect(screen.getByTestId('news-langs-30').textContent).toBe('English shown for: jp, kr, esp, zh, hk, th');
    const row31 = screen.getByTestId('news-edit-31').closest('tr') as HTMLElement;
    expect(within(row31).getByText('published')).toBeTruthy();
    expect(within(row31).getByText('pinned')).toBeTruthy();
    const row30 = screen.getByTestId('news-edit-30').closest('tr') as HTMLElement;
    expect(within(row30).getByText('draft')).toBeTruthy();
    expect(spinner()).toBeNull();
    expect(api.callsTo('GET', '/admin/news')[0]?.query.get('page')).toBe('1');
    expect(api.callsTo('GET', '/admin/news')[0]?.query.get('limit')).toBe('20');
  });

  it('shows the empty table when there is no announcement', async () => {
    serve([]);
    renderPage(<NewsPage />, { path: '/news' });
    expect((await within(table()).findAllByText('No data')).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('news-edit-31')).toBeNull();
  });

  it('asks for the English title and body of a new announcement', async () => {
    const api = serve([maintenance]);
    renderPage(<NewsPage />, { path: '/news' });
    await screen.findByTestId('news-edit-31');
    fireEvent.click(screen.getByTestId('news-new'));
    expect(await screen.findByText('New announcement', { selector: '.ant-drawer-title' })).toBeTruthy();
    // Save on the empty form: the messages show and nothing is sent (a rejection left unhandled by the
    // Save handler would fail this file).
    fireEvent.click(screen.getByTestId('news-save'));
    expect(await screen.findByText('English title is required')).toBeTruthy();
    expect(await screen.findByText('English body is required')).toBeTruthy();
    expect(api.posts()).toEqual([]);
  });

  it('publishes a new announcement with only the languages written, trimmed', async () => {
    const api = serve([maintenance], answerPost('/admin/news', ok({ ...listing, id: 32 })));
    renderPage(<NewsPage />, { path: '/news' });
    await screen.findByTestId('news-edit-31');
    fireEvent.click(screen.getByTestId('news-new'));
    fireEvent.change(await screen.findByTestId('news-title-en'), { target: { value: '  Deposit fees lowered ' } });
    fireEvent.change(screen.getByTestId('news-body-en'), { target: { value: 'USDT deposits are now free.' } });
    fireEvent.click(screen.getByTestId('news-save'));

    await expectSent(
      api.sentOnce('POST', '/admin/news'),
      {
        published: true,
        pinned: false,
        texts: { en: { title: 'Deposit fees lowered', body: 'USDT deposits are now free.' } },
      },
      'Announcement published.',
    );
  });

  it('opens an announcement for editing with its stored texts', async () => {
    serve([maintenance]);
    renderPage(<NewsPage />, { path: '/news' });
    fireEvent.click(await screen.findByTestId('news-edit-31'));
    expect(await screen.findByText('Edit announcement #31')).toBeTruthy();
    const title = (await screen.findByTestId('news-title-jp')) as HTMLInputElement;
    expect(title.value).toBe('12月2日のメンテナンス');
    expect((screen.getByTestId('news-title-en') as HTMLInputElement).value).toBe('Scheduled maintenance on 2 December');
  });
});
