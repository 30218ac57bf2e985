// @vitest-environment happy-dom
import { OPERATOR_PASSWORD_MIN } from '@app/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { confirmSends, confirmText } from '../../../test/confirm-dialog';
import { expectSent } from '../../../test/expect-sent';
import { type ApiHandler, answerPost, mockReads, ok } from '../../../test/mock-api';
import { renderRefused } from '../../../test/refused-page';
import { renderPage } from '../../../test/render-page';
import type { Operator } from '../api/operators';
import { OperatorsPage } from './operators-page';

const operator = (over: Partial<Operator>): Operator => ({
  id: 2,
  email: 'finance@example.test',
  role: 'finance',
  disabled: false,
  disabled_at: null,
  totp_enabled: true,
  created_at: '2026-11-01T08:00:00Z',
  ...over,
});

const team = [
  operator({}),
  operator({ id: 3, email: 'support@example.test', role: 'support', disabled: true, totp_enabled: false }),
];

function serve(extra: ApiHandler = () => undefined) {
  return mockReads({ '/admin/operators': ok(team), '/admin/sessions': ok([]) }, extra);
}

const operatorRows = () => [...document.querySelectorAll('[data-testid="operators-table"] tr.ant-table-row')] as HTMLElement[];

describe('operators page', () => {
  it('lists each operator with their two-factor state and whether they may sign in', async () => {
    const api = serve();
    renderPage(<OperatorsPage />, { path: '/operators' });
    await screen.findByText('support@example.test');
    const [finance, support] = operatorRows();
    expect(within(finance as HTMLElement).getByText('On')).toBeTruthy();
    expect(within(finance as HTMLElement).getByText('Active')).toBeTruthy();
    expect(within(finance as HTMLElement).getByTestId('operator-toggle').textContent).toBe('Disable');
    expect(within(support as HTMLElement).getByText('Off')).toBeTruthy();
    expect(within(support as HTMLElement).getByText('Disabled')).toBeTruthy();
    expect((within(support as HTMLElement).getByTestId('operator-reset-2fa') as HTMLButtonElement).disabled).toBe(true);
    expect(api.unknown).toEqual([]);
  });

  it('disables an operator only after the confirmation dialog', async () => {
    const api = serve(answerPost('/admin/operators/2', ok({ ...team[0], disabled: true })));
    renderPage(<OperatorsPage />, { path: '/operators' });
    await screen.findByText('finance@example.test');
    fireEvent.click(within(operatorRows()[0] as HTMLElement).getByTestId('operator-toggle'));
    expect(await confirmText()).toBe('They are signed out everywhere and cannot sign in.');
    await expectSent(confirmSends(api, '/admin/operators/2'), { disabled: true }, 'Operator disabled');
  });

  it('creates an operator, refusing a password that is too short first', async () => {
    const api = serve(
      answerPost('/admin/operators', ok(operator({ id: 4, email: 'new@example.test', role: 'support', totp_enabled: false }))),
    );
    renderPage(<OperatorsPage />, { path: '/operators' });
    await screen.findByText('finance@example.test');
    fireEvent.change(screen.getByTestId('operator-email'), { target: { value: 'new@example.test' } });
    fireEvent.change(screen.getByTestId('operator-password'), { target: { value: 'short' } });
    fireEvent.submit(screen.getByTestId('operator-create').closest('form') as HTMLFormElement);
    expect(await screen.findByText(`At least ${OPERATOR_PASSWORD_MIN} characters.`)).toBeTruthy();
    expect(api.callsTo('POST', '/admin/operators')).toHaveLength(0);

    const password = 'x'.repeat(OPERATOR_PASSWORD_MIN);
    fireEvent.change(screen.getByTestId('operator-password'), { target: { value: password } });
    fireEvent.submit(screen.getByTestId('operator-create').closest('form') as HTMLFormElement);
    await expectSent(
      api.sentOnce('POST', '/admin/operators'),
      {
        email: 'new@example.test',
        password,
        role: 'support',
      },
      'Operator new@example.test created',
    );
  });

  it("shows the server's refusal when the operators cannot be listed", async () => {
    await renderRefused(<OperatorsPage />, '/operators', 'Only the super admin manages operators.');
    expect(operatorRows()).toEqual([]);
  });
});
