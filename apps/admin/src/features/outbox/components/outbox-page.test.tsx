// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { searchWith } from '../../../test/filter-search';
import { mockApi, ok, refused } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import type { OutboxRow } from '../api/outbox';
import { OutboxPage } from './outbox-page';

const row = (over: Partial<OutboxRow>): OutboxRow => ({
  id: 1,
  channel: 'email',
  target: 'alice@example.test',
  subject: 'Your code',
  body: 'Your verification code is 111111',
  code: '111111',
  created_at: '2026-11-20T10:00:00Z',
  delivered: 'outbox',
  ...over,
});

/** The rows of the outbox table, top to bottom, by their code column. */
const codesOnScreen = () =>
  [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((tr) => tr.querySelectorAll('td')[3]?.textContent);

describe('development outbox page', () => {
  it('lists the messages newest first, whatever order the server sent them in', async () => {
    const api = mockApi((call) =>
      call.path === '/admin/outbox'
        ? ok([
            row({ id: 1, code: '111111', created_at: '2026-11-20T10:00:00Z' }),
            row({ id: 3, channel: 'sms', target: '+86 13800000000', code: '333333', created_at: '2026-11-20T10:05:00Z' }),
            row({
              id: 2,
              code: null,
              subject: 'Withdrawal approved',
              body: 'Your withdrawal was paid',
              created_at: '2026-11-20T10:02:00Z',
            }),
          ])
        : undefined,
    );
    renderPage(<OutboxPage />, { path: '/outbox' });
    await screen.findByText('+86 13800000000');
    expect(codesOnScreen()).toEqual(['333333', '—', '111111']);
    expect(screen.getByText('Withdrawal approved')).toBeTruthy();
    expect(screen.getByText('Your withdrawal was paid')).toBeTruthy();
    expect(api.callsTo('GET', '/admin/outbox')[0]?.query.get('limit')).toBe('200');
    expect(api.unknown).toEqual([]);
  });

  it('says the outbox is empty, and names the address when a filter finds nothing', async () => {
    const api = mockApi((call) => (call.path === '/admin/outbox' ? ok([]) : undefined));
    renderPage(<OutboxPage />, { path: '/outbox' });
    expect(await screen.findByText('The outbox is empty')).toBeTruthy();

    searchWith('Target filter', /Filter/, ' bob@example.test ');
    expect(await screen.findByText('Nothing sent to bob@example.test')).toBeTruthy();
    await api.readWith('/admin/outbox', 'target', 'bob@example.test');
  });

  it('opens already filtered from a shared link', async () => {
    const api = mockApi((call) => (call.path === '/admin/outbox' ? ok([row({ target: 'carol@example.test' })]) : undefined));
    renderPage(<OutboxPage />, { path: '/outbox?target=carol%40example.test' });
    await screen.findByText('carol@example.test');
    expect(api.callsTo('GET', '/admin/outbox')[0]?.query.get('target')).toBe('carol@example.test');
  });

  it("shows the server's refusal and no rows", async () => {
    mockApi((call) => (call.path === '/admin/outbox' ? refused('The outbox is only kept in development.') : undefined));
    renderPage(<OutboxPage />, { path: '/outbox' });
    expect(await screen.findByText('The outbox is only kept in development.')).toBeTruthy();
    expect(codesOnScreen()).toEqual([]);
  });
});
