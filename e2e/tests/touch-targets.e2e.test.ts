import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS, screenshot } from '../src/browser.js';
import { signInByEmail } from '../src/h5-session.js';
import { phoneSuite } from '../src/phone-suite.js';
import { ROOT } from '../src/stack.js';
import { type AxeViolation, axeScript, MIN_TARGET, type SmallTarget, smallTargetsScript } from '../src/touch-audit.js';

/**
 * Every H5 route of the router, signed in as a verified user with money in every account, in both
 * themes: no tappable element under 44×44 CSS px (a short list of inline text links aside), and
 * axe-core finds no serious or critical violation. The K-line interval row fits or scrolls in the
 * languages with the longest labels.
 */

/** The routes the H5 router declares (`path: PATHS.x`), read from its source so a new route is covered. */
function routerPaths(): { name: string; path: string }[] {
  const paths = readFileSync(join(ROOT, 'apps/h5/src/lib/paths.ts'), 'utf8');
  const router = readFileSync(join(ROOT, 'apps/h5/src/app/router.tsx'), 'utf8');
  const byName = new Map([...paths.matchAll(/^\s+(\w+): '(\/[^']*)',/gm)].map((m) => [m[1] as string, m[2] as string]));
  const names = [...new Set([...router.matchAll(/path: PATHS\.(\w+)/g)].map((m) => m[1] as string))];
  return names.map((name) => {
    const path = byName.get(name);
    if (!path) throw new Error(`PATHS.${name} is not in paths.ts`);
    return { name, path };
  });
}

/** What a route needs in its address to show its content rather than an empty state. */
const QUERY: Record<string, string> = {
  kline: '?symbol=BTC%2FUSDT',
  trade: '?symbol=BTC%2FUSDT',
  depositCharge: '?currency=3',
  withdrawDetail: '?currency=3',
  noticeDetail: '?id=1',
  helpDetail: '?id=1',
  publicationDetails: '?id=1',
  publicationPurchase: '?id=1',
  financeBuy: '?id=1',
};

/** The screens whose controls changed most, kept as screenshots in both themes. */
const SHOTS = new Set(['home', 'trade', 'kline', 'lever', 'assets', 'withdrawDetail', 'transfer', 'login']);

/** The sign-in pages would send a signed-in user home; they are checked signed out. */
const SIGNED_OUT = new Set(['login', 'register', 'choose', 'forgetPassword']);

/**
 * Targets exempt from the 44 px rule, each with its reason. Inline text links inside a sentence would
 * belong here (WCAG 2.5.8 exempts them), but the app's text links carry a 44 px hit area already.
 */
const EXEMPT: { match: RegExp; reason: string }[] = [
  {
    match: /^button\.order-book__row /,
    reason:
      'the order book levels: twenty 20 px price rows are a reading table; a tap on one only copies its price into the form, where it can also be typed',
  },
];

const AXE = readFileSync(join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');

const suite = phoneSuite({
  name: 'touch',
  price: 'BTC/USDT',
  verified: 'Touch Tester',
  funded: { coin: '5000', contract: '5000', option: '5000' },
});
const { url, email, password } = suite;

/** Opens a route in a fresh document and waits until its first data has drawn. */
async function visit(hash: string) {
  // A new document each time: a hash change alone would keep the last page's state (and theme).
  await suite.page.goto('about:blank');
  await suite.page.goto(url(hash));
  await suite.page.waitForLoadState('networkidle').catch(() => undefined);
  await suite.page
    .locator('[data-testid="page-loader"], [aria-busy="true"]')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => undefined);
  await suite.page.waitForTimeout(300);
}

async function audit(label: string): Promise<string[]> {
  const problems: string[] = [];
  const small = (await suite.page.evaluate(smallTargetsScript(MIN_TARGET))) as SmallTarget[];
  for (const s of small) {
    if (EXEMPT.some((x) => x.match.test(s.what))) continue;
    problems.push(`${label}: ${s.what} is ${s.width}×${s.height}`);
  }
  // Evaluated rather than added as a <script>: the app's CSP (rightly) refuses inline scripts.
  await suite.page.evaluate(AXE);
  const violations = (await suite.page.evaluate(axeScript)) as AxeViolation[];
  for (const v of violations) problems.push(`${label}: axe ${v.impact} ${v.id} (${v.help}) at ${v.targets.join(' | ')}`);
  return problems;
}

const signIn = () => signInByEmail(suite.page, suite.stack.baseUrl, email, password);

describe('H5 touch targets and accessibility on every route', () => {
  const routes = routerPaths();

  it('reads the routes from the router', () => {
    expect(routes.length).toBeGreaterThanOrEqual(45);
  });

  for (const theme of ['dark', 'light'] as const) {
    it(`${theme}: every tappable element takes a fingertip and axe finds nothing serious`, async () => {
      await suite.page.goto(url('/pages/index/index'));
      await suite.page.evaluate(`localStorage.setItem('theme', '${theme}')`);
      const problems: string[] = [];
      for (const signedIn of [false, true]) {
        if (signedIn) await signIn();
        for (const route of routes.filter((r) => SIGNED_OUT.has(r.name) !== signedIn)) {
          await visit(route.path + (QUERY[route.name] ?? ''));
          expect(await suite.page.evaluate('document.documentElement.dataset.theme')).toBe(theme);
          problems.push(...(await audit(`${theme} ${route.path}`)));
          if (SHOTS.has(route.name)) await screenshot(suite.page, `touch-${route.name}-${theme}`);
        }
        if (!signedIn) await suite.page.evaluate(`localStorage.removeItem('auth')`);
      }
      // Signed out again for the other theme's first pass.
      await suite.page.evaluate(`localStorage.removeItem('auth')`);
      // The full list is kept beside the screenshots, so a failure can be read in one place.
      mkdirSync(ARTIFACTS, { recursive: true });
      writeFileSync(join(ARTIFACTS, `touch-audit-${theme}.txt`), `${problems.join('\n')}\n`);
      expect(problems).toEqual([]);
    });
  }

  for (const lang of ['jp', 'th'] as const) {
    it(`${lang}: the K-line interval row fits or scrolls sideways`, async () => {
      await signIn();
      await suite.page.evaluate(`localStorage.setItem('lang', '${lang}')`);
      await visit(`/pages/trade/kline${QUERY.kline}`);
      await suite.page.getByTestId('kline-intervals').waitFor();
      const fit = (await suite.page.evaluate(`(() => {
        const el = document.querySelector('[data-testid="kline-intervals"]');
        const s = getComputedStyle(el);
        const scrolls = s.overflowX === 'auto' || s.overflowX === 'scroll';
        const clipped = [...el.children].filter((c) => c.scrollWidth > c.clientWidth + 1 || c.getBoundingClientRect().height > 60).length;
        return { fits: el.scrollWidth <= el.clientWidth + 1, scrolls, clipped };
      })()`)) as { fits: boolean; scrolls: boolean; clipped: number };
      expect(fit.fits || fit.scrolls).toBe(true);
      expect(fit.clipped).toBe(0);
      await screenshot(suite.page, `touch-kline-intervals-${lang}`);
      await suite.page.evaluate(`localStorage.setItem('lang', 'en'); localStorage.removeItem('auth')`);
    });
  }
});
