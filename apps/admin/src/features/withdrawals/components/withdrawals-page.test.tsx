// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { confirmSends, confirmText } from '../../../test/confirm-dialog';
import { expectSent } from '../../../test/expect-sent';
import { expectTexts } from '../../../test/expect-texts';
import { answerPost, ok, servesList } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { openReview } from '../../../test/review-drawer';
import { itRejectsAfterTheDialog, itShowsAnEmptyOrRefusedQueue } from '../../../test/review-queue-cases';
import type { AdminWithdrawal } from '../api/withdrawals';
import { WithdrawalsPage } from './withdrawals-page';

const withdrawal = (over: Partial<AdminWithdrawal> = {}): AdminWithdrawal => ({
  id: 61,
  user: { id: 12, email: 'alice@example.test', phone: null, area_code: null },
  currency_id: 3,
  currency_name: 'USDT',
  chain: 'TRC20',
  address: 'TXYZabc123def456ghi789jkl012mno345',
  amount: '250.000000',
  fee: '1.500000',
  remark: null,
  status: 'pending',
  status_text: 'Pending',
  tx_hash: null,
  reject_reason: null,
  created_at: '2026-11-20T10:00:00Z',
  reviewed_at: null,
  reviewed_by: null,
  ...over,
});

const serve = servesList<AdminWithdrawal>('/admin/withdrawals');

/** Opens the first row's drawer and submits the payout form with `txHash`. */
async function approveWith(txHash: string) {
  const drawer = await openReview('withdrawal');
  fireEvent.change(within(drawer).getByTestId('withdrawal-tx-hash'), { target: { value: txHash } });
  fireEvent.submit(within(drawer).getByTestId('withdrawal-approve').closest('form') as HTMLFormElement);
  return drawer;
}

describe('withdrawals page', () => {
  it('lists the pending withdrawals with chain, address, amount and fee', async () => {
    const api = serve([withdrawal()]);
    renderPage(<WithdrawalsPage />, { path: '/withdrawals' });
    const table = await screen.findByTestId('withdrawals-table');
    await within(table).findByText('alice@example.test (#12)');
    expectTexts(table, ['TRC20', 'TXYZabc123def456ghi789jkl012mno345', '250', '1.5']);
    expect(api.callsTo('GET', '/admin/withdrawals')[0]?.query.get('status')).toBe('pending');
  });

  it('records the payout with the trimmed hash only after the dialog states the frozen total', async () => {
    const api = serve([withdrawal()], answerPost('/admin/withdrawals/61/approve', ok({ status: 'approved' })));
    renderPage(<WithdrawalsPage />, { path: '/withdrawals' });
    await approveWith('  0xfeedbeef  ');

    const content = await confirmText();
    expect(content).toContain('after 250 USDT has been sent on TRC20 to TXYZabc123def456ghi789jkl012mno345');
    expect(content).toContain('The frozen 251.5 USDT (amount + fee)');
    expect(content).toContain('transaction hash 0xfeedbeef is recorded');
    await expectSent(
      confirmSends(api, '/admin/withdrawals/61/approve'),
      { tx_hash: '0xfeedbeef' },
      'Withdrawal #61 marked as paid.',
    );
  });

  it('says a large payout waits for a second operator', async () => {
    serve([withdrawal({ amount: '50000' })], (call) =>
      call.path === '/admin/withdrawals/61/approve'
        ? ok({ approval_id: 78, status: 'pending_approval', kind: 'withdrawal.approve' })
        : undefined,
    );
    renderPage(<WithdrawalsPage />, { path: '/withdrawals' });
    await approveWith('0xbig');
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    expect(
      await screen.findByText(
        'The payout of withdrawal #61 is waiting for a second operator (request #78 under Pending approvals); nothing has changed yet.',
      ),
    ).toBeTruthy();
  });

  it('refuses to record a payout without a transaction hash, and sends nothing', async () => {
    const api = serve([withdrawal()]);
    renderPage(<WithdrawalsPage />, { path: '/withdrawals' });
    const drawer = await approveWith('   ');
    expect(await within(drawer).findByText('Enter the transaction hash of the payout.')).toBeTruthy();
    expect(screen.queryByTestId('confirm-content')).toBeNull();
    expect(api.posts()).toEqual([]);
  });

  itRejectsAfterTheDialog(
    { page: <WithdrawalsPage />, path: '/withdrawals', noun: 'withdrawal' },
    {
      serve: (extra) => serve([withdrawal()], extra),
      path: '/admin/withdrawals/61/reject',
      typed: ' Address is on a sanctions list ',
      sent: 'Address is on a sanctions list',
      told: 'are unfrozen and returned to their available balance. alice@example.test (#12) is told the reason: “Address is on a sanctions list”',
      receipt: "Withdrawal #61 rejected; the funds are back in the user's available balance.",
    },
  );

  itShowsAnEmptyOrRefusedQueue(
    { page: <WithdrawalsPage />, path: '/withdrawals', noun: 'withdrawal' },
    {
      serveEmpty: () => serve([]),
      emptyText: 'No withdrawals waiting for review',
      refusal: 'Your role cannot review withdrawals.',
    },
  );
});
