// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectSent } from '../../../test/expect-sent';
import { type ApiHandler, answerPost, mockApi, ok, refused } from '../../../test/mock-api';
import { renderRefused } from '../../../test/refused-page';
import { renderPage } from '../../../test/render-page';
import type { ReferralSettings } from '../api/referral';
import { ReferralPage } from './referral-page';

const settings: ReferralSettings = {
  default_ratio: '0.2',
  partners: [
    {
      user_id: 12,
      email: 'alice@example.test',
      phone: null,
      extension_code: 'AB12CD',
      status: 'partner',
      ratio: '0.35',
      updated_at: '2026-11-01T08:00:00Z',
    },
    {
      user_id: 13,
      email: null,
      phone: '13800000000',
      extension_code: 'EF34GH',
      status: 'exclusive',
      ratio: null,
      updated_at: '2026-11-02T08:00:00Z',
    },
  ],
};

function serve(extra: ApiHandler = () => undefined) {
  return mockApi((call) => (call.method === 'GET' && call.path === '/admin/referral/settings' ? ok(settings) : extra(call)));
}

const partnerRows = () =>
  [...document.querySelectorAll('[data-testid="referral-partners"] tr.ant-table-row')].map((tr) =>
    [...tr.querySelectorAll('td')].slice(0, 4).map((td) => td.textContent),
  );

describe('referral page', () => {
  it('shows the default ratio and lists partners with their own ratio or the default', async () => {
    serve();
    renderPage(<ReferralPage />, { path: '/referral' });
    expect(await screen.findByText('20 %')).toBeTruthy();
    await waitFor(() =>
      expect(partnerRows()).toEqual([
        ['#12 alice@example.test', 'AB12CD', 'partner', '35 %'],
        ['#13 13800000000', 'EF34GH', 'exclusive', 'default'],
      ]),
    );
  });

  it('saves a new default ratio, refusing one above 1 first', async () => {
    const api = serve(answerPost('/admin/referral/settings', ok({ default_ratio: '0.25' })));
    renderPage(<ReferralPage />, { path: '/referral' });
    await screen.findByText('20 %');
    const field = await screen.findByTestId('referral-default-ratio');
    fireEvent.change(field, { target: { value: '1.5' } });
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    expect(await screen.findByText('A fraction from 0 to 1 (0.2 = 20 %), at most 6 decimals')).toBeTruthy();
    expect(api.callsTo('POST', '/admin/referral/settings')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('referral-default-ratio'), { target: { value: '0.25' } });
    fireEvent.submit(screen.getByTestId('referral-default-ratio').closest('form') as HTMLFormElement);
    await expectSent(api.sentOnce('POST', '/admin/referral/settings'), { default_ratio: '0.25' }, 'Default ratio saved.');
  });

  it('says so when the user looked up does not exist', async () => {
    const api = serve((call) => (call.path === '/admin/referral/users/999' ? refused('User not found.') : undefined));
    renderPage(<ReferralPage />, { path: '/referral' });
    fireEvent.change(await screen.findByTestId('referral-user-id'), { target: { value: '999' } });
    expect(await screen.findByText('No such user.')).toBeTruthy();
    expect(api.callsTo('GET', '/admin/referral/users/999')).toHaveLength(1);
  });

  it("shows the server's refusal when the settings cannot be read", async () => {
    await renderRefused(<ReferralPage />, '/referral', 'Your role cannot manage referrals.');
    expect(partnerRows()).toEqual([]);
  });
});
