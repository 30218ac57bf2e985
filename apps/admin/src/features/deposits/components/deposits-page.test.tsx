// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { confirmText } from '../../../test/confirm-dialog';
import { expectSent } from '../../../test/expect-sent';
import { expectTexts } from '../../../test/expect-texts';
import { answerPost, ok, servesList } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { openReview, submitReject } from '../../../test/review-drawer';
import { itRejectsAfterTheDialog, itShowsAnEmptyOrRefusedQueue } from '../../../test/review-queue-cases';
import type { AdminDeposit } from '../api/deposits';
import { DepositsPage } from './deposits-page';

const deposit = (over: Partial<AdminDeposit> = {}): AdminDeposit => ({
  id: 31,
  user: { id: 12, email: 'alice@example.test', phone: null, area_code: null },
  currency_id: 3,
  currency_name: 'USDT',
  method: 'chain',
  chain: 'TRC20',
  amount: '500.000000',
  fee: null,
  credited: null,
  status: 'pending',
  status_text: 'Pending',
  reject_reason: null,
  bank_name: null,
  card_number: null,
  transfer_amount: null,
  proof_url: null,
  created_at: '2026-11-20T10:00:00Z',
  reviewed_at: null,
  reviewed_by: null,
  ...over,
});

const serve = servesList<AdminDeposit>('/admin/deposits');

describe('deposits page', () => {
  it('lists the pending deposits with user, chain and amount', async () => {
    const api = serve([
      deposit(),
      deposit({
        id: 32,
        method: 'bank',
        chain: null,
        amount: '1200.5',
        user: { id: 13, email: null, phone: '13800000000', area_code: '86' },
      }),
    ]);
    renderPage(<DepositsPage />, { path: '/deposits' });
    const table = await screen.findByTestId('deposits-table');
    await within(table).findByText('alice@example.test (#12)');
    expectTexts(table, ['+86 13800000000 (#13)', 'Chain · TRC20', 'Bank transfer', '500', '1200.5']);
    expect(api.callsTo('GET', '/admin/deposits')[0]?.query.get('status')).toBe('pending');
  });

  itRejectsAfterTheDialog(
    { page: <DepositsPage />, path: '/deposits', noun: 'deposit' },
    {
      serve: (extra) => serve([deposit()], extra),
      path: '/admin/deposits/31/reject',
      typed: '  No transfer found  ',
      sent: 'No transfer found',
      told: 'alice@example.test (#12) is told the reason: “No transfer found”',
      receipt: 'Deposit #31 rejected.',
    },
  );

  it('refuses to reject without a reason, and sends nothing', async () => {
    const api = serve([deposit()]);
    renderPage(<DepositsPage />, { path: '/deposits' });
    const drawer = await openReview('deposit');
    submitReject(drawer, 'deposit', '   ');
    expect(await within(drawer).findByText('Enter the reason the user will see.')).toBeTruthy();
    expect(screen.queryByTestId('confirm-content')).toBeNull();
    expect(api.posts()).toEqual([]);
  });

  it('approves at another amount: the form warns, and the reply that it waits for a second operator is said', async () => {
    const api = serve(
      [deposit()],
      answerPost('/admin/deposits/31/approve', ok({ approval_id: 77, status: 'pending_approval', kind: 'deposit.credit' })),
    );
    renderPage(<DepositsPage />, { path: '/deposits' });
    const drawer = await openReview('deposit');
    expect((within(drawer).getByTestId('deposit-credited') as HTMLInputElement).value).toBe('500');
    fireEvent.change(within(drawer).getByTestId('deposit-credited'), { target: { value: '450' } });
    expect(await within(drawer).findByText(/differs from the amount the user claimed/)).toBeTruthy();
    expect(within(drawer).getByTestId('deposit-sum').textContent).toBe('Credited + fee = 450 USDT (the user claimed 500).');
    fireEvent.submit(within(drawer).getByTestId('deposit-approve').closest('form') as HTMLFormElement);

    expect(await confirmText()).toContain('will be credited 450 USDT, with a fee of 0 USDT');
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await expectSent(
      api.sentOnce('POST', '/admin/deposits/31/approve'),
      { credited: '450', fee: '0' },
      /request #77 under Pending approvals/,
    );
  });

  itShowsAnEmptyOrRefusedQueue(
    { page: <DepositsPage />, path: '/deposits', noun: 'deposit' },
    {
      serveEmpty: () => serve([]),
      emptyText: 'No deposits waiting for review',
      refusal: 'Your role cannot review deposits.',
    },
  );
});
