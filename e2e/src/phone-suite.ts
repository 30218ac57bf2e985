import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { deskTab } from './browser.js';
import { consoleSignIn } from './console.js';
import { launchPhone, openFresh, signInByEmail, testIds } from './h5-session.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type RegisteredUser, type Stack, startStack } from './stack.js';
import { closeSuite } from './teardown.js';

/**
 * The set-up most phone suites share: a server of their own, one user, a phone-sized tab and, for the
 * suites where an operator acts, a console tab. `phoneSuite` registers the suite's `beforeAll` and
 * `afterAll`; what it opened is read from the returned object once `beforeAll` has run.
 */

export type PhoneSuiteOptions = {
  /** Names the suite's user: `<name>.<time>@example.test`, with the password `<name>-pass-1`. */
  name: string;
  /** The server's extra environment (see `startStack`). */
  env?: Record<string, string>;
  /** Waits until the market feed prices this pair before anything else is set up. */
  price?: string;
  /** Registers the user through the API (unless `false`: the suite registers on the phone itself). */
  registered?: boolean;
  /** Passes the user's basic identity check under this name. */
  verified?: string;
  /** USDT credited to the user's accounts, by account: `{ contract: '1000' }`. */
  funded?: Partial<Record<'coin' | 'option' | 'contract', string>>;
  /** An option delivery period the operator adds, as in the console. */
  optionPeriod?: { seconds: number; profitRatio: string; maxNum: string };
  /** Signs the user in on the phone before the first test. */
  signedIn?: boolean;
  /**
   * A desktop tab for the operators' console, `width` wide, signed in as the seeded super admin when
   * asked; with `errors`, its uncaught errors join the phone's in `pageErrors`.
   */
  desk?: { width?: number; signedIn?: boolean; errors?: boolean };
};

export type PhoneSuite = ReturnType<typeof testIds> & {
  readonly stack: Stack;
  readonly browser: Browser;
  /** The phone's browser context and tab. */
  readonly context: BrowserContext;
  readonly page: Page;
  /** The console tab (only with `desk`). */
  readonly ops: Page;
  /** The user registered through the API (not with `registered: false`). */
  readonly user: RegisteredUser;
  readonly email: string;
  readonly password: string;
  /** The phone tab's uncaught errors, for the suite to assert there were none. */
  readonly pageErrors: string[];
  /** The H5 app's address of a route (`/pages/index/index`). */
  url: (hash: string) => string;
  /** Opens a route with a fresh document, so every query of the page starts from the server, and waits for `testId`. */
  open: (hash: string, testId: string, timeout?: number) => Promise<void>;
};

export function phoneSuite(options: PhoneSuiteOptions): PhoneSuite {
  const email = `${options.name}.${Date.now()}@example.test`;
  const password = `${options.name}-pass-1`;
  const pageErrors: string[] = [];
  let stack: Stack | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let desk: { context: BrowserContext; page: Page } | undefined;
  let user: RegisteredUser | undefined;

  const opened = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the suite has no ${what} (not opened yet, or not asked for)`);
    return value;
  };

  beforeAll(async () => {
    stack = await startStack(options.env);
    if (options.price) await stack.waitForPrice(options.price);
    if (options.registered !== false) {
      user = await stack.registerEmail(email, password);
      if (options.verified) await stack.verifyBasic(user.token, user.id, options.verified);
      for (const [account, amount] of Object.entries(options.funded ?? {})) await stack.fund(user.id, account, amount);
    }
    const period = options.optionPeriod;
    if (period) await stack.addOptionPeriod(period.seconds, period.profitRatio, period.maxNum);

    ({ browser, context, page } = await launchPhone(pageErrors));
    if (options.desk) {
      desk = await deskTab(browser, { width: options.desk.width, errors: options.desk.errors ? pageErrors : undefined });

      if (options.desk.signedIn) await consoleSignIn(desk.page, stack.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    }
    if (options.signedIn) await signInByEmail(page, stack.baseUrl, email, password);
  });

  afterAll(() => closeSuite(stack, browser, desk?.context, context));

  const currentPage = () => opened(page, 'phone tab');
  const url = (hash: string) => `${opened(stack, 'server').baseUrl}/h5/#${hash}`;
  return {
    ...testIds(currentPage),
    get stack() {
      return opened(stack, 'server');
    },
    get browser() {
      return opened(browser, 'browser');
    },
    get context() {
      return opened(context, 'phone context');
    },
    get page() {
      return currentPage();
    },
    get ops() {
      return opened(desk, 'console tab').page;
    },
    get user() {
      return opened(user, 'registered user');
    },
    email,
    password,
    pageErrors,
    url,
    open: (hash, testId, timeout) => openFresh(currentPage(), url(hash), testId, timeout),
  };
}
