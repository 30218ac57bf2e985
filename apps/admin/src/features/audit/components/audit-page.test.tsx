// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ApiHandler, firstPage, mockApi, ok } from '../../../test/mock-api';
import { renderRefused } from '../../../test/refused-page';
import { renderPage } from '../../../test/render-page';
import type { AuditChainReport, AuditRow } from '../api/audit';
import { AuditPage } from './audit-page';

const row: AuditRow = {
  id: 501,
  admin_id: 2,
  admin_email: 'finance@example.test',
  action: 'config.pair.update',
  target: 'pair:1',
  ip: '10.0.0.7',
  before: { taker_fee: '0.001' },
  after: { taker_fee: '0.0015' },
  created_at: '2026-11-20T10:00:00Z',
};

function serve(list: AuditRow[], extra: ApiHandler = () => undefined) {
  return mockApi((call) => {
    if (call.path === '/admin/audit') return firstPage(list);
    if (call.path === '/admin/audit/actions') return ok([{ action: 'config.pair.update', count: 1 }]);
    return extra(call);
  });
}

describe('audit log page', () => {
  it('lists the actions with who did them, and shows before and after on a click', async () => {
    serve([row, { ...row, id: 502, admin_id: null, admin_email: null, action: 'options.settle', target: null, ip: null }]);
    renderPage(<AuditPage />, { path: '/audit' });
    const table = await screen.findByTestId('audit-table');
    await within(table).findByText('finance@example.test');
    expect(within(table).getByText('System')).toBeTruthy();
    expect(
      within(table)
        .getAllByTestId('audit-action')
        .map((t) => t.textContent),
    ).toEqual(['config.pair.update', 'options.settle']);

    fireEvent.click(within(table).getByText('pair:1'));
    expect((await screen.findByTestId('audit-before')).textContent).toContain('"taker_fee": "0.001"');
    expect(screen.getByTestId('audit-after').textContent).toContain('"taker_fee": "0.0015"');
  });

  it('searches with the filters from the link and says when nothing matches', async () => {
    const api = serve([]);
    renderPage(<AuditPage />, { path: '/audit?action=config.*&target=pair%3A9' });
    expect(await screen.findByText('No actions match these filters')).toBeTruthy();
    const first = api.callsTo('GET', '/admin/audit')[0];
    expect(first?.query.get('action')).toBe('config.*');
    expect(first?.query.get('target')).toBe('pair:9');

    fireEvent.change(screen.getByTestId('audit-text-filter'), { target: { value: ' 0.0015 ' } });
    fireEvent.click(screen.getByTestId('audit-search'));
    await api.readWith('/admin/audit', 'q', '0.0015');
  });

  it('names each break the tamper check finds', async () => {
    const report: AuditChainReport = {
      sound: false,
      rows: 120,
      head: { seq: 120, hash: 'f'.repeat(64) },
      faults: [{ check: 'hash', seq: 7, id: 507 }],
    };
    serve([row], (call) => (call.path === '/admin/audit/verify' ? ok(report) : undefined));
    renderPage(<AuditPage />, { path: '/audit' });
    fireEvent.click(await screen.findByTestId('audit-verify'));
    expect((await screen.findByTestId('audit-verdict')).textContent).toContain('1 break in the chain over 120 rows');
    expect(screen.getByTestId('audit-fault').textContent).toBe(
      'Row #507 (place 7) was changed after it was written: its content no longer matches its hash.',
    );
  });

  it("shows the server's refusal when the log cannot be read", async () => {
    await renderRefused(<AuditPage />, '/audit', 'Your role cannot read the audit log.');
    expect(screen.queryAllByTestId('audit-action')).toEqual([]);
  });
});
