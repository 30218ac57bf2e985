import { fireEvent, screen } from '@testing-library/react';

/** Types `text` into the FilterSearch labelled `label` (components/filter-search.tsx) and presses its `button`. */
export function searchWith(label: string, button: RegExp, text: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: button }));
}
