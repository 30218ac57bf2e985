// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { searchWith } from '../../../test/filter-search';
import { firstPage, mockApi } from '../../../test/mock-api';
import { renderRefused } from '../../../test/refused-page';
import { renderPage } from '../../../test/render-page';
import { aliceSummary } from './user.fixture';
import { UsersPage } from './users-page';

const user = aliceSummary;

/** The cells of each row, without the trailing "Open" link. */
const rowsOnScreen = () =>
  [...document.querySelectorAll('[data-testid="users-table"] tr.ant-table-row')].map((tr) =>
    [...tr.querySelectorAll('td')].slice(0, 6).map((td) => td.textContent),
  );

describe('users page', () => {
  it('lists the users with their contact and both verification states, each linking to its page', async () => {
    const api = mockApi((call) =>
      call.path === '/admin/users'
        ? firstPage([
            user(),
            user({
              id: 13,
              email: null,
              phone: '13800000000',
              area_code: '86',
              name: null,
              review_state: 'pending',
              advanced_state: 'rejected',
            }),
          ])
        : undefined,
    );
    renderPage(<UsersPage />, { path: '/users' });
    await screen.findByText('alice@example.test');
    expect(rowsOnScreen()).toEqual([
      ['12', 'alice@example.test', '—', 'Alice Sato', 'Verified', 'Not submitted'],
      ['13', '—', '+86 13800000000', '—', 'Pending', 'Rejected'],
    ]);
    expect(screen.getAllByTestId('user-open').map((a) => a.getAttribute('href'))).toEqual(['/users/12', '/users/13']);
    expect(api.callsTo('GET', '/admin/users')[0]?.query.has('q')).toBe(false);
  });

  it('searches on the server and says when nobody matches', async () => {
    const api = mockApi((call) => (call.path === '/admin/users' ? firstPage([]) : undefined));
    renderPage(<UsersPage />, { path: '/users' });
    expect(await screen.findByText('No users yet')).toBeTruthy();
    searchWith('Search users', /Search/, '  zed@example.test ');
    expect(await screen.findByText('No user matches “zed@example.test”')).toBeTruthy();
    await api.readWith('/admin/users', 'q', 'zed@example.test');
  });

  it("shows the server's refusal and no rows", async () => {
    await renderRefused(<UsersPage />, '/users?q=alice', 'Your role cannot list users.');
    expect(rowsOnScreen()).toEqual([]);
  });
});
