import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect, it } from 'vitest';
import { confirmSends, confirmText } from './confirm-dialog';
import { expectSent } from './expect-sent';
import { type ApiHandler, answerPost, type MockApi, mockApi, ok, refused } from './mock-api';
import { renderPage } from './render-page';
import { openReview, submitReject } from './review-drawer';

/** A review queue page as its tests render it. */
type QueuePage = {
  page: ReactElement;
  path: string;
  /** The queue's `noun` (components/review-queue.tsx): its rows open with `<noun>-open`. */
  noun: string;
};

type QueueStates = {
  /** Serves the queue, and whatever else the page reads, without a row. */
  serveEmpty: () => unknown;
  emptyText: string;
  refusal: string;
  /** Serves the refusal in place of the queue; by default the server refuses every request. */
  serveRefusal?: (message: string) => unknown;
};

/**
 * The cases every review queue page shares before it has a row to show: an empty pending queue says
 * so in the page's words, and a queue the server refuses to list shows the refusal, with nothing to open.
 */
export function itShowsAnEmptyOrRefusedQueue(queue: QueuePage, states: QueueStates) {
  it(`says “${states.emptyText}” when the pending queue is empty`, async () => {
    states.serveEmpty();
    renderPage(queue.page, { path: queue.path });
    expect(await screen.findByText(states.emptyText)).toBeTruthy();
    expect(screen.queryByTestId(`${queue.noun}-open`)).toBeNull();
  });

  it("shows the server's refusal when the queue cannot be read", async () => {
    (states.serveRefusal ?? ((message) => mockApi(() => refused(message))))(states.refusal);
    renderPage(queue.page, { path: queue.path });
    expect(await screen.findByText(states.refusal)).toBeTruthy();
    expect(screen.queryByTestId(`${queue.noun}-open`)).toBeNull();
  });
}

type RejectCase = {
  /** Serves the queue with one pending row, and whatever else the page reads; `extra` answers the reject. */
  serve: (extra: ApiHandler) => MockApi;
  /** The row's reject path, e.g. `/admin/deposits/31/reject`. */
  path: string;
  /** The reason as the operator types it (with spaces), and as it is sent. */
  typed: string;
  sent: string;
  /** What the dialog tells the operator the user will read. */
  told: string;
  receipt: string;
};

/**
 * The reject every review drawer shares (components/review-drawer.tsx): the reason typed into the
 * first row's drawer is sent trimmed, and only once the operator confirms a dialog that quotes it.
 */
export function itRejectsAfterTheDialog(queue: QueuePage, reject: RejectCase) {
  it('rejects with the trimmed reason only after the confirmation dialog', async () => {
    const api = reject.serve(answerPost(reject.path, ok({ status: 'rejected' })));
    renderPage(queue.page, { path: queue.path });
    const drawer = await openReview(queue.noun);
    submitReject(drawer, queue.noun, reject.typed);

    expect(await confirmText()).toContain(reject.told);
    await expectSent(confirmSends(api, reject.path), { reason: reject.sent }, reject.receipt);
  });
}
