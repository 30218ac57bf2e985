// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectSent } from '../../../test/expect-sent';
import { type ApiHandler, mockReads, ok } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import type { SupportChatSettings } from '../api/greeting';
import { ChatGreetingPage } from './chat-greeting-page';

const stored: SupportChatSettings = {
  greeting: { en: 'Hello! How can we help you today?', jp: 'こんにちは！ご用件をどうぞ。' },
  hours: {
    time_zone: 'Asia/Tokyo',
    days: {
      mon: { open: '09:00', close: '18:00' },
      tue: { open: '09:00', close: '18:00' },
      wed: { open: '09:00', close: '18:00' },
      thu: { open: '09:00', close: '18:00' },
      fri: { open: '10:00', close: '17:30' },
      sat: null,
      sun: null,
    },
  },
};

function serve(settings: SupportChatSettings, extra: ApiHandler = () => undefined) {
  return mockReads({ '/admin/chat/greeting': ok(settings) }, extra);
}

const value = (testId: string) => (screen.getByTestId(testId) as HTMLInputElement).value;
const checked = (testId: string) => (screen.getByTestId(testId) as HTMLInputElement).checked;

describe('chat greeting page', () => {
  it('shows a loading card, then the stored greetings and opening hours', async () => {
    serve(stored);
    renderPage(<ChatGreetingPage />, { path: '/chat/greeting' });
    expect(screen.getByTestId('chat-greeting-page').querySelector('.ant-skeleton')).not.toBeNull();

    await waitFor(() => expect(value('chat-greeting-en')).toBe('Hello! How can we help you today?'));
    expect(value('chat-greeting-jp')).toBe('こんにちは！ご用件をどうぞ。');
    expect(screen.getByTestId('chat-greeting-fallback').textContent).toContain('English shown for: kr, esp, zh, hk, th');
    expect(screen.getByTestId('chat-hours-on').getAttribute('aria-checked')).toBe('true');
    expect(value('chat-hours-fri-close')).toBe('17:30');
    expect(checked('chat-hours-fri')).toBe(true);
    expect(checked('chat-hours-sat')).toBe(false);
  });

  it('shows empty greetings and round-the-clock answering when nothing is set', async () => {
    serve({ greeting: {}, hours: null });
    renderPage(<ChatGreetingPage />, { path: '/chat/greeting' });
    expect(await screen.findByText('The team answers around the clock: no automatic reply.')).toBeTruthy();
    expect(value('chat-greeting-en')).toBe('');
    expect(screen.queryByTestId('chat-greeting-fallback')).toBeNull();
    expect(screen.queryByTestId('chat-hours-mon')).toBeNull();
  });

  it('refuses a day that closes before it opens, and sends nothing', async () => {
    const api = serve(stored);
    renderPage(<ChatGreetingPage />, { path: '/chat/greeting' });
    await waitFor(() => expect(value('chat-hours-mon-open')).toBe('09:00'));
    fireEvent.change(screen.getByTestId('chat-hours-mon-close'), { target: { value: '08:00' } });
    fireEvent.click(screen.getByTestId('chat-greeting-save'));
    // The hour fields are laid out without a message line, so the refused field is marked in red instead.
    await waitFor(() => expect(screen.getByTestId('chat-hours-mon-close').className).toContain('ant-input-status-error'));
    expect(screen.getByTestId('chat-hours-tue-close').className).not.toContain('ant-input-status-error');
    expect(api.posts()).toEqual([]);
  });

  it('saves the trimmed greetings, every language, and the hours with closed days as null', async () => {
    // The server replies with what it stored: here, what the page sent.
    const api = serve(stored, (call) =>
      call.method === 'POST' && call.path === '/admin/chat/greeting' ? ok(call.body) : undefined,
    );
    renderPage(<ChatGreetingPage />, { path: '/chat/greeting' });
    await waitFor(() => expect(value('chat-hours-fri-close')).toBe('17:30'));
    expect(value('chat-greeting-en')).toBe('Hello! How can we help you today?');
    fireEvent.change(screen.getByTestId('chat-greeting-kr'), { target: { value: '  안녕하세요! ' } });
    fireEvent.click(screen.getByTestId('chat-greeting-save'));
    await expectSent(
      api.sentOnce('POST', '/admin/chat/greeting'),
      {
        greeting: {
          en: 'Hello! How can we help you today?',
          jp: 'こんにちは！ご用件をどうぞ。',
          kr: '안녕하세요!',
          esp: '',
          zh: '',
          hk: '',
          th: '',
        },
        hours: stored.hours,
      },
      'Chat greeting and hours saved.',
    );
  });
});
