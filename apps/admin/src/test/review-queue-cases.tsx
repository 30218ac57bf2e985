import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect, it } from 'vitest';
import { mockApi, refused } from './mock-api';
import { renderPage } from './render-page';

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
