// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectTexts } from '../../../test/expect-texts';
import { ok, servesList } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { openReview } from '../../../test/review-drawer';
import { itRejectsAfterTheDialog, itShowsAnEmptyOrRefusedQueue } from '../../../test/review-queue-cases';
import type { IdentityCheck } from '../api/identity';
import { IdentityPage } from './identity-page';

const check = (over: Partial<IdentityCheck> = {}): IdentityCheck => ({
  id: 51,
  user: { id: 12, email: 'alice@example.test', phone: null, area_code: null },
  tier: 1,
  status: 'pending',
  country: 'Japan',
  name: 'Alice Sato',
  card_id: 'TK1234567',
  address: null,
  front_url: null,
  back_url: null,
  hand_url: null,
  reject_reason: null,
  reviewed_by: null,
  reviewed_at: null,
  created_at: '2026-11-20T10:00:00Z',
  ...over,
});

const advanced = check({ id: 52, tier: 2, country: null, name: null, card_id: null, address: '1-2-3 Shibuya, Tokyo' });

const serve = servesList<IdentityCheck>('/admin/identity');

describe('identity checks page', () => {
  it('lists basic submissions with their identity and advanced ones with their address', async () => {
    const api = serve([check(), advanced]);
    renderPage(<IdentityPage />, { path: '/identity' });
    const table = await screen.findByTestId('identity-table');
    await within(table).findByText('Japan · Alice Sato · TK1234567');
    expectTexts(table, ['Address: 1-2-3 Shibuya, Tokyo · 3 photos', 'Basic', 'Advanced']);
    const first = api.callsTo('GET', '/admin/identity')[0];
    expect(first?.query.get('status')).toBe('pending');
    expect(first?.query.has('tier')).toBe(false);
  });

  it('asks the server for one tier from a link', async () => {
    const api = serve([]);
    renderPage(<IdentityPage />, { path: '/identity?status=pending&tier=2' });
    expect(await screen.findByText('No submissions waiting for review')).toBeTruthy();
    expect(api.callsTo('GET', '/admin/identity')[0]?.query.get('tier')).toBe('2');
  });

  it("shows an advanced submission beside the user's verified basic identity", async () => {
    const api = serve([advanced], (call) =>
      call.path === '/admin/users/12'
        ? ok({
            profile: { name: 'Profile Name', card_id: 'P000' },
            verification: [
              { tier: 2, status: 'pending', country: null, name: null, card_id: null, reviewed_at: null },
              {
                tier: 1,
                status: 'verified',
                country: 'Japan',
                name: 'Alice Sato',
                card_id: 'TK1234567',
                reviewed_at: '2026-11-01T00:00:00Z',
              },
            ],
          })
        : undefined,
    );
    renderPage(<IdentityPage />, { path: '/identity' });
    const drawer = await openReview('identity');
    await waitFor(() => expect(within(drawer).getByTestId('identity-name').textContent).toBe('Alice Sato'));
    expect(within(drawer).getByTestId('identity-card-id').textContent).toBe('TK1234567');
    expect(within(drawer).getByText('Name (verified basic)')).toBeTruthy();
    expect(api.unknown).toEqual([]);
  });

  itRejectsAfterTheDialog(
    { page: <IdentityPage />, path: '/identity', noun: 'identity' },
    {
      serve: (extra) => serve([check()], extra),
      path: '/admin/identity/51/reject',
      typed: 'The ID number is unreadable ',
      sent: 'The ID number is unreadable',
      told: 'alice@example.test (#12) is told the reason — “The ID number is unreadable”',
      receipt: 'Verification #51 rejected.',
    },
  );

  itShowsAnEmptyOrRefusedQueue(
    { page: <IdentityPage />, path: '/identity', noun: 'identity' },
    {
      serveEmpty: () => serve([]),
      emptyText: 'No submissions waiting for review',
      refusal: 'Your role cannot review identities.',
    },
  );
});
