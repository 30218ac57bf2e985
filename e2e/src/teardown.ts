import type { Browser, BrowserContext } from 'playwright-core';
import type { Stack } from './stack.js';

/**
 * Ends a suite: its browser contexts in the order given, then the browser, then the server. Any of
 * them may be missing, since `beforeAll` can fail before it opened them all.
 */
export async function closeSuite(
  stack: Stack | undefined,
  browser: Browser | undefined,
  ...contexts: (BrowserContext | undefined)[]
): Promise<void> {
  for (const context of contexts) await context?.close();
  await browser?.close();
  await stack?.stop();
}
