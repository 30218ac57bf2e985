import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type ICruiseOptions, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

// The layer rules of .dependency-cruiser.cjs run on small file trees written to a temp folder: each
// wrong import below must fail exactly its rule, and the same tree without it must pass, so a rule
// that stopped matching (a moved folder, a typo in a pattern) fails here rather than passing silently.

const root = join(import.meta.dirname, '..');
let options: ICruiseOptions;
const temps: string[] = [];

beforeAll(async () => {
  options = await extractDepcruiseOptions(join(root, '.dependency-cruiser.cjs'));
  // The temp trees have no tsconfig; plain extension-less imports resolve without one.
  delete options.tsConfig;
});

afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Cruises a tree of files (path → source) with the project's rules; returns the broken rules' names. */
async function brokenRules(files: Record<string, string>): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'boundaries-'));
  temps.push(dir);
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), source);
  }
  const tops = [...new Set(Object.keys(files).map((p) => p.split('/')[0]!))];
  const { output } = await cruise(tops, { ...options, baseDir: dir });
  const result = output as ICruiseResult;
  return [...new Set(result.summary.violations.map((v) => v.rule.name))].sort();
}

const SERVER = 'apps/server/src';
/** A few files in their right layers, importing only downwards. */
const clean: Record<string, string> = {
  [`${SERVER}/db/schema.ts`]: 'export const users = 1;\n',
  [`${SERVER}/lib/money.ts`]: 'export const D = 1;\n',
  [`${SERVER}/lib/helper.ts`]: "import { users } from '../db/schema';\nexport const h = users;\n",
  [`${SERVER}/modules/messages/repo.ts`]: "import { users } from '../../db/schema';\nexport const unread = users;\n",
  [`${SERVER}/modules/messages/service.ts`]: "import { unread } from './repo';\nexport const count = unread;\n",
  [`${SERVER}/modules/news/service.ts`]: "import { count } from '../messages/service';\nexport const n = count;\n",
  [`${SERVER}/modules/news/routes.ts`]: "import { n } from './service';\nexport const r = n;\n",
  [`${SERVER}/modules/spot/orders.ts`]: "import type { users } from '../../db/schema';\nexport type U = typeof users;\n",
  [`${SERVER}/app.ts`]: "import { r } from './modules/news/routes';\nexport const app = r;\n",
  'apps/h5/src/lib/format.ts': 'export const f = 1;\n',
  'apps/h5/src/features/a/page.tsx': "import { f } from '../../lib/format';\nexport const A = f;\n",
  'apps/h5/src/features/b/page.tsx': 'export const B = 1;\n',
  'apps/h5/src/app/router.tsx':
    "import { A } from '../features/a/page';\nimport { B } from '../features/b/page';\nexport const R = [A, B];\n",
  'apps/admin/src/features/a/page.tsx': 'export const A = 1;\n',
  'apps/admin/src/features/b/page.tsx': 'export const B = 1;\n',
  'packages/engine/src/engine.ts': "import { u } from './units';\nexport const e = u;\n",
  'packages/engine/src/units.ts': 'export const u = 1;\n',
  'packages/shared/src/index.ts': 'export const s = 1;\n',
};

describe('layer rules (.dependency-cruiser.cjs)', () => {
  it('pass a tree whose imports all go downwards', async () => {
    expect(await brokenRules(clean)).toEqual([]);
  });

  const wrong: [rule: string, path: string, source: string][] = [
    ['no-circular', `${SERVER}/db/schema.ts`, "import { x } from './other';\nexport const users = x;\n"],
    ['engine-pure', 'packages/engine/src/units.ts', "import { readFileSync } from 'node:fs';\nexport const u = readFileSync;\n"],
    [
      'money-math-pure',
      `${SERVER}/modules/spot/orders.ts`,
      "import { users } from '../../db/schema';\nexport const u = users;\n",
    ],
    [
      'shared-imports-no-app',
      'packages/shared/src/index.ts',
      "import { f } from '../../../apps/h5/src/lib/format';\nexport const s = f;\n",
    ],
    ['apps-apart', 'apps/h5/src/lib/format.ts', "import { A } from '../../../admin/src/features/a/page';\nexport const f = A;\n"],
    ['server-db-bottom', `${SERVER}/db/schema.ts`, "import { D } from '../lib/money';\nexport const users = D;\n"],
    ['server-lib-no-feature', `${SERVER}/lib/money.ts`, "import { n } from '../modules/news/service';\nexport const D = n;\n"],
    [
      'server-repo-below-service',
      `${SERVER}/modules/spot/repo.ts`,
      "import { n } from '../news/service';\nexport const q = n;\n",
    ],
    ['server-routes-on-top', `${SERVER}/modules/spot/service.ts`, "import { r } from '../news/routes';\nexport const s = r;\n"],
    [
      'server-routes-no-db',
      `${SERVER}/modules/news/routes.ts`,
      "import { users } from '../../db/schema';\nexport const r = users;\n",
    ],
    [
      'server-modules-through-services',
      `${SERVER}/modules/news/service.ts`,
      "import { unread } from '../messages/repo';\nexport const n = unread;\n",
    ],
    [
      'server-composition-on-top',
      `${SERVER}/modules/spot/service.ts`,
      "import { app } from '../../app';\nexport const s = app;\n",
    ],
    ['h5-features-apart', 'apps/h5/src/features/a/page.tsx', "import { B } from '../b/page';\nexport const A = B;\n"],
    ['h5-shared-no-feature', 'apps/h5/src/lib/format.ts', "import { B } from '../features/b/page';\nexport const f = B;\n"],
    ['console-features-apart', 'apps/admin/src/features/a/page.tsx', "import { B } from '../b/page';\nexport const A = B;\n"],
  ];

  it.each(wrong)('fail %s on a wrong import in %s', async (rule, path, source) => {
    const extra: Record<string, string> =
      rule === 'no-circular' ? { [`${SERVER}/db/other.ts`]: "import { users } from './schema';\nexport const x = users;\n" } : {};
    expect(await brokenRules({ ...clean, ...extra, [path]: source })).toEqual([rule]);
  });

  it('let money math import types from the database layer (they vanish when compiled)', async () => {
    expect(await brokenRules(clean)).not.toContain('money-math-pure');
    expect(clean[`${SERVER}/modules/spot/orders.ts`]).toContain('import type');
  });
});
