// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectSent } from '../../../test/expect-sent';
import { type ApiHandler, answerPost, firstPage, mockApi, ok } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { tableSpinner } from '../../../test/table-spinner';
import type { AdminFeedback } from '../api/help';
import { FeedbackPage } from './feedback-page';

const open: AdminFeedback = {
  id: 57,
  user: { id: 12, email: 'alice@example.test', phone: null, area_code: null },
  content: 'My USDT withdrawal has been pending for two days.',
  images: [],
  reply: null,
  replied_at: null,
  reply_unread: false,
  replied_by: null,
  created_at: '2026-11-26T08:15:00Z',
};

const answered: AdminFeedback = {
  id: 41,
  user: { id: 19, email: null, phone: '9012345678', area_code: '81' },
  content: 'Please add Thai to the app.',
  images: [],
  reply: 'Thai is available since version 2.3.',
  replied_at: '2026-11-21T10:00:00Z',
  reply_unread: false,
  replied_by: 4,
  created_at: '2026-11-20T10:00:00Z',
};

function serve(extra: ApiHandler = () => undefined) {
  return mockApi((call) => {
    if (call.method === 'GET' && call.path === '/admin/feedback') {
      const status = call.query.get('status');
      const list = status === 'open' ? [open] : status === 'replied' ? [answered] : [open, answered];
      return firstPage(list);
    }
    return extra(call);
  });
}

const table = () => screen.getByTestId('feedback-table');
const spinner = () => tableSpinner(table());

describe('feedback page', () => {
  it('shows a spinner, then the open feedback with who sent it', async () => {
    const api = serve();
    renderPage(<FeedbackPage />, { path: '/feedback' });
    expect(spinner()).not.toBeNull();
    expect(await within(table()).findByText('My USDT withdrawal has been pending for two days.')).toBeTruthy();
    expect(within(table()).getByText('alice@example.test (#12)')).toBeTruthy();
    expect(within(table()).queryByText('Please add Thai to the app.')).toBeNull();
    expect(api.callsTo('GET', '/admin/feedback')[0]?.query.get('status')).toBe('open');
  });

  it('says nothing is waiting when no feedback is open', async () => {
    mockApi((call) => (call.path === '/admin/feedback' ? firstPage([]) : undefined));
    renderPage(<FeedbackPage />, { path: '/feedback' });
    expect(await within(table()).findByText('No feedback waiting for a reply')).toBeTruthy();
  });

  it('asks the server for replied feedback when that filter is chosen', async () => {
    const api = serve();
    renderPage(<FeedbackPage />, { path: '/feedback' });
    await within(table()).findByText('alice@example.test (#12)');
    fireEvent.click(screen.getByText('Replied', { selector: '.ant-segmented-item-label' }));
    expect(await within(table()).findByText('+81 9012345678 (#19)')).toBeTruthy();
    expect(api.callsTo('GET', '/admin/feedback').at(-1)?.query.get('status')).toBe('replied');
  });

  it('sends a trimmed reply, and only once something is written', async () => {
    const api = serve(answerPost('/admin/feedback/57/reply', ok({ ...open, reply: 'It was sent this morning.' })));
    renderPage(<FeedbackPage />, { path: '/feedback' });
    fireEvent.click(await screen.findByTestId('feedback-open'));
    expect((await screen.findByTestId('feedback-content')).textContent).toBe(open.content);
    const send = screen.getByTestId('feedback-reply-send') as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('feedback-reply-input'), { target: { value: '  It was sent this morning. ' } });
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    await expectSent(
      api.sentOnce('POST', '/admin/feedback/57/reply'),
      { reply: 'It was sent this morning.' },
      'Reply to feedback #57 sent.',
    );
  });
});
