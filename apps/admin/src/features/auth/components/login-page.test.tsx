// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../../lib/auth-store';
import { answerPost, mockApi, ok, refused } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import type { AdminLoginReply } from '../api/admin-auth';
import { LoginPage } from './login-page';

const reply: AdminLoginReply = {
  token: 'adm_tok_5f1c',
  expires_at: '2099-01-01T00:00:00Z',
  admin: { id: 4, email: 'ops@example.test', role: 'finance', totp_enabled: true },
  totp_enrolment_required: false,
};

// A successful sign-in stores the session; the next test must start signed out.
afterEach(() => {
  useAuthStore.setState({ auth: null });
  localStorage.clear();
});

const renderLogin = () =>
  renderPage(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/" element={<div data-testid="home">home</div>} />
      <Route path="/security" element={<div data-testid="security">security</div>} />
    </Routes>,
    { path: '/login' },
  );

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const submit = () => fireEvent.submit(screen.getByTestId('login-submit').closest('form') as HTMLFormElement);

describe('login page', () => {
  it('asks for the e-mail and password on an empty submit, and sends nothing', async () => {
    const api = mockApi(() => undefined);
    renderLogin();
    submit();
    expect(await screen.findByText('Enter your e-mail address.')).toBeTruthy();
    expect(await screen.findByText('Enter your password.')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('refuses a malformed e-mail and a short authenticator code', async () => {
    const api = mockApi(() => undefined);
    renderLogin();
    type('login-email', 'not-an-address');
    type('login-password', 'secret-pass');
    type('login-totp', '12345');
    submit();
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeTruthy();
    expect(await screen.findByText('Enter the 6-digit code.')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('signs in with the trimmed e-mail and the code without its space, then opens the console', async () => {
    const api = mockApi(answerPost('/admin/login', ok(reply)));
    renderLogin();
    type('login-email', '  ops@example.test ');
    type('login-password', 'secret-pass');
    type('login-totp', '123 456');
    submit();
    await screen.findByTestId('home');
    expect(api.callsTo('POST', '/admin/login')[0]?.body).toEqual({
      email: 'ops@example.test',
      password: 'secret-pass',
      totp: '123456',
    });
    expect(useAuthStore.getState().auth?.token).toBe('adm_tok_5f1c');
    expect(useAuthStore.getState().auth?.admin?.email).toBe('ops@example.test');
  });

  it('sends an operator without two-factor sign-in to the enrolment page', async () => {
    mockApi((call) => (call.path === '/admin/login' ? ok({ ...reply, totp_enrolment_required: true }) : undefined));
    renderLogin();
    type('login-email', 'ops@example.test');
    type('login-password', 'secret-pass');
    submit();
    await screen.findByTestId('security');
    expect(useAuthStore.getState().auth?.enrol).toBe(true);
  });

  it("shows the server's refusal and stays on the sign-in page", async () => {
    mockApi(() => refused('Wrong e-mail, password or code.'));
    renderLogin();
    type('login-email', 'ops@example.test');
    type('login-password', 'wrong');
    submit();
    await waitFor(() => expect(screen.getByTestId('login-error').textContent).toContain('Wrong e-mail, password or code.'));
    expect(screen.queryByTestId('home')).toBeNull();
    expect(useAuthStore.getState().auth).toBeNull();
  });
});
