import { fireEvent, screen, within } from '@testing-library/react';

/** Opens the first row of a review queue (its `<noun>-open` button) and waits for its drawer. */
export async function openReview(noun: string): Promise<HTMLElement> {
  fireEvent.click(await screen.findByTestId(`${noun}-open`));
  return screen.findByTestId(`${noun}-drawer`);
}

/** Types the reason into a review drawer's reject form (RejectReasonForm) and submits it. */
export function submitReject(drawer: HTMLElement, noun: string, reason: string) {
  fireEvent.change(within(drawer).getByTestId(`${noun}-reject-reason`), { target: { value: reason } });
  fireEvent.submit(within(drawer).getByTestId(`${noun}-reject`).closest('form') as HTMLFormElement);
}
