import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * docs/api.md maps every path prefix under /api to the module that serves it. The table is checked
 * against the routes the app really registers, each with the module whose code registered it, so a
 * new route, a moved route or a stale row fails here rather than misleading a reader.
 */

const SRC = import.meta.dirname;
const DOC = join(SRC, '../../../docs/api.md');
const HEADING = '## API prefixes and their modules';

type Registered = { url: string; stack: string };
const registered = vi.hoisted(() => [] as Registered[]);

// The app registers its routes inside buildApp, before a test could add an onRoute hook; the hook
// goes onto the instance as Fastify creates it instead. Which module registered a route is read
// from the call stack at registration: the route files call app.get/post themselves.
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof import('fastify')>();
  const original = actual.default as unknown as (...args: unknown[]) => FastifyInstance;
  const create = ((...args: unknown[]) => {
    const app = original(...args);
    app.addHook('onRoute', (route: RouteOptions) => {
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 200;
      const stack = new Error().stack ?? '';
      Error.stackTraceLimit = limit;
      registered.push({ url: route.url, stack });
    });
    return app;
  }) as unknown as typeof actual.default;
  return { ...actual, default: create, fastify: create };
});

/** The helpers that register a module's routes for it (route groups, review queues' routes). */
const ROUTE_HELPERS = ['plugins/route-group', 'plugins/review-queue-routes'];

/**
 * The innermost frame in the server's own code (not this file, not lib/ helpers, not a route helper):
 * `modules/x` → `x`, else the entry under src/.
 */
function owner(stack: string): string | undefined {
  for (const line of stack.split('\n').slice(1)) {
    if (line.includes('node_modules') || line.includes('api-prefixes.test')) continue;
    if (ROUTE_HELPERS.some((helper) => line.includes(helper))) continue;
    const m = /apps\/server\/src\/(?:modules\/([^/:]+)|([^/:]+))/.exec(line);
    if (!m || m[2] === 'lib') continue;
    return m[1] ?? m[2];
  }
  return undefined;
}

type Row = { prefix: string; module: string; what: string };

/** The rows of the table under HEADING: `| \`prefix\` | \`module\` | what |`. */
function parseTable(markdown: string): Row[] {
  const start = markdown.indexOf(HEADING);
  if (start < 0) throw new Error(`docs/api.md has no "${HEADING}"`);
  const lines = markdown.slice(start).split('\n').slice(1);
  const first = lines.findIndex((l) => l.startsWith('|'));
  const rows: Row[] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    const [prefix = '', module = '', what = ''] = cells.map((c) => c.replace(/^`|`$/g, ''));
    rows.push({ prefix, module, what });
  }
  return rows;
}

/** How well a row's prefix matches a path: undefined if not at all; higher is more specific. */
function specificity(prefix: string, path: string): number | undefined {
  if (!prefix.endsWith('/*')) return prefix === path ? Number.MAX_SAFE_INTEGER : undefined;
  const base = prefix.slice(0, -2);
  return path === base || path.startsWith(`${base}/`) ? base.length : undefined;
}

/** The rows matching a path, most specific first. */
function matches(rows: Row[], path: string): { row: Row; score: number }[] {
  return rows
    .map((row) => ({ row, score: specificity(row.prefix, path) }))
    .filter((m): m is { row: Row; score: number } => m.score !== undefined)
    .sort((a, b) => b.score - a.score);
}

/** What is wrong with the table against the served routes (path → module); empty when it is right. */
function tableFaults(rows: Row[], served: Map<string, string>): string[] {
  const faults: string[] = [];
  const credited = new Map<string, string[]>();
  const prefixes = rows.map((r) => r.prefix);
  for (const p of prefixes.filter((p, i) => prefixes.indexOf(p) !== i)) faults.push(`${p}: listed twice`);
  const sorted = [...prefixes].sort();
  if (prefixes.join('\n') !== sorted.join('\n')) faults.push('rows are not sorted by prefix');
  for (const row of rows) {
    if (!/^\/api(\/[^/*\s]+)+(\/\*)?$/.test(row.prefix)) faults.push(`${row.prefix}: not an /api path or path/*`);
    if (!row.what) faults.push(`${row.prefix}: no "what"`);
    if (!existsSync(join(SRC, 'modules', row.module)) && !existsSync(join(SRC, row.module)))
      faults.push(
        `${row.prefix}: ${row.module} is neither apps/server/src/modules/${row.module} nor apps/server/src/${row.module}`,
      );
  }
  for (const [path, module] of served) {
    const [best, next] = matches(rows, path);
    if (!best) {
      faults.push(`${path} (${module}): no row covers it`);
      continue;
    }
    if (next && next.score === best.score) faults.push(`${path}: ${best.row.prefix} and ${next.row.prefix} tie`);
    if (best.row.module !== module)
      faults.push(`${path}: served by ${module}, the table says ${best.row.module} (${best.row.prefix})`);
    credited.set(best.row.prefix, [...(credited.get(best.row.prefix) ?? []), path]);
  }
  for (const row of rows) {
    const paths = credited.get(row.prefix) ?? [];
    if (paths.length === 0) {
      faults.push(`${row.prefix}: serves no route`);
      continue;
    }
    // A row whose paths the next row out would map to the same module says nothing: the table stays minimal.
    const others = rows.filter((r) => r !== row);
    if (paths.every((p) => matches(others, p)[0]?.row.module === row.module))
      faults.push(`${row.prefix}: redundant, a shorter prefix already gives ${row.module}`);
  }
  return faults;
}

describe('docs/api.md: API prefixes and their modules', () => {
  let t: TestApp;
  /** Every served path under /api (GET and POST of one path once) with the module that registered it. */
  const served = new Map<string, string>();
  let rows: Row[];

  beforeAll(async () => {
    t = await createTestApp();
    for (const { url, stack } of registered) {
      if (url !== '/api' && !url.startsWith('/api/')) continue;
      const module = owner(stack) ?? '?';
      const before = served.get(url);
      served.set(url, before && before !== module ? `${before}+${module}` : module);
    }
    rows = parseTable(readFileSync(DOC, 'utf8'));
  });
  afterAll(async () => {
    await t.close();
  });

  it('sees every route of the OpenAPI document, each registered by one known module', () => {
    const documented = Object.keys((t.app.swagger() as { paths: Record<string, unknown> }).paths).map((p) =>
      p.replace(/\{(\w+)\}/g, ':$1'),
    );
    expect(documented.length).toBeGreaterThan(100);
    expect(documented.filter((p) => !served.has(p))).toEqual([]);
    expect([...served].filter(([, m]) => m.includes('?') || m.includes('+'))).toEqual([]);
  });

  it('maps every served path to the module serving it, with no row missing, stale or redundant', () => {
    expect(rows.length).toBeGreaterThan(0);
    expect(tableFaults(rows, served)).toEqual([]);
  });

  it('fails when any row is removed', () => {
    const unnoticed = rows
      .filter(
        (_, i) =>
          tableFaults(
            rows.filter((_, j) => j !== i),
            served,
          ).length === 0,
      )
      .map((r) => r.prefix);
    expect(unnoticed).toEqual([]);
  });
});
