import { within } from '@testing-library/react';
import { expect } from 'vitest';

/** Checks that `container` shows each of `texts`, each as the text of one element (as `getByText` finds it). */
export function expectTexts(container: HTMLElement, texts: (string | RegExp)[]) {
  for (const text of texts) expect(within(container).getByText(text)).toBeTruthy();
}
