// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { confirmSends, confirmText } from '../../../test/confirm-dialog';
import { expectSent } from '../../../test/expect-sent';
import { expectTexts } from '../../../test/expect-texts';
import { type ApiCall, firstPage, mockApi, ok, refused } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { openReview } from '../../../test/review-drawer';
import { itShowsAnEmptyOrRefusedQueue } from '../../../test/review-queue-cases';
import type { Approval } from '../api/approvals';
import { ApprovalsPage } from './approvals-page';

const request = (over: Partial<Approval> = {}): Approval => ({
  id: 41,
  kind: 'user.adjust',
  target: 'user #12',
  payload: { currency: 'USDT', amount: '250.5' },
  maker: { id: 3, email: 'maker@example.test' },
  created_at: '2026-11-20T10:00:00Z',
  status: 'pending',
  checker_id: null,
  decided_at: null,
  note: null,
  can_decide: true,
  ...over,
});

function serve(list: Approval[], decide: (call: ApiCall) => ReturnType<typeof ok> = () => ok({ status: 'approved' })) {
  return mockApi((call) => {
    if (call.path === '/admin/withdrawal-four-eyes') return ok({ usdt: '10000', default_usdt: '10000' });
    if (call.method === 'GET' && call.path === '/admin/approvals') return firstPage(list);
    if (call.method === 'POST' && /^\/admin\/approvals\/\d+\/(approve|reject)$/.test(call.path)) return decide(call);
    return undefined;
  });
}

describe('approvals page', () => {
  it('lists the pending requests with their kind and maker, and the threshold from the server', async () => {
    const api = serve([request(), request({ id: 42, kind: 'deposit_address.set', maker: { id: 4, email: null } })]);
    renderPage(<ApprovalsPage />, { path: '/approvals' });
    const table = await screen.findByTestId('approvals-table');
    await within(table).findByText('Balance adjustment');
    expectTexts(table, ['maker@example.test', 'Deposit address change', '#4']);
    expect(within(table).getAllByTestId('approval-open')).toHaveLength(2);
    await screen.findByText(/worth more than 10000 USDT/);
    expect(api.callsTo('GET', '/admin/approvals')[0]?.query.get('status')).toBe('pending');
    expect(api.unknown).toEqual([]);
  });

  it('approves a request with the note only after the confirmation dialog', async () => {
    const api = serve([request()]);
    renderPage(<ApprovalsPage />, { path: '/approvals' });
    const drawer = await openReview('approval');
    expect(within(drawer).getByTestId('approval-payload').textContent).toContain('250.5');
    fireEvent.change(within(drawer).getByTestId('approval-note'), { target: { value: '  checked the ticket  ' } });
    fireEvent.click(within(drawer).getByTestId('approval-approve'));

    expect(await confirmText()).toContain('Balance adjustment asked by maker@example.test');
    await expectSent(
      confirmSends(api, '/admin/approvals/41/approve'),
      { note: 'checked the ticket' },
      'Request #41 approved and applied.',
    );
  });

  it("offers no decision on the operator's own request", async () => {
    serve([request({ can_decide: false })]);
    renderPage(<ApprovalsPage />, { path: '/approvals' });
    const drawer = await openReview('approval');
    expect(within(drawer).getByText(/You cannot decide this request/)).toBeTruthy();
    expect(within(drawer).queryByTestId('approval-approve')).toBeNull();
  });

  itShowsAnEmptyOrRefusedQueue(
    { page: <ApprovalsPage />, path: '/approvals', noun: 'approval' },
    {
      serveEmpty: () => serve([]),
      emptyText: 'Nothing waiting for a second operator',
      refusal: 'Your role cannot read approvals.',
      serveRefusal: (message) =>
        mockApi((call) => (call.path === '/admin/approvals' ? refused(message) : ok({ usdt: '10000', default_usdt: '10000' }))),
    },
  );
});
