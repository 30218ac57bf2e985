#!/usr/bin/env node
// `npm test`: lint, layer boundaries, typecheck and build, the tests' typecheck, unit and API tests,
// the API tests again on PostgreSQL when one is reachable (`npm run test:pg`), the multi-node tests
// when PostgreSQL and Redis are (`npm run test:scale`), then browser tests in Chromium. Prints one closing line
// `N passed, N failed` (each check step counts as one; each test as one).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const artifacts = join(root, 'artifacts');
mkdirSync(artifacts, { recursive: true });
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let passed = 0;
let failed = 0;
const failures = [];

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function step(title, command, args) {
  if (run(title, command, args)) passed++;
  else {
    failed++;
    failures.push(title);
  }
}

/** Runs a vitest config and counts its tests from the JSON report. */
function vitest(title, args, report, env = {}) {
  const out = join(artifacts, report);
  rmSync(out, { force: true });
  const ok = run(
    title,
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    env,
  );
  if (!existsSync(out)) {
    failed++;
    failures.push(`${title} (no report)`);
    return;
  }
  const summary = JSON.parse(readFileSync(out, 'utf8'));
  passed += summary.numPassedTests;
  failed += summary.numFailedTests;
  // A suite that failed to load has no tests to count; count it so it can't pass silently.
  const broken = summary.testResults.filter((r) => r.status === 'failed' && r.assertionResults.length === 0).length;
  failed += broken;
  // Vitest also fails a run whose tests all passed when an error escaped them (an unhandled rejection):
  // that is a failure too, counted once.
  if (!ok && !summary.numFailedTests && !broken) failed++;
  if (!ok || summary.numFailedTests || broken) failures.push(title);
}

/** Whether a TCP server accepts connections at host:port (within two seconds). */
function reachable(host, port) {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2000 });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

/** Debian's Chromium drives the browser tests; installed here when absent and we are root. */
function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  if (process.getuid?.() === 0) {
    console.log("\nChromium is absent: installing Debian's chromium package");
    run('apt-get update', 'apt-get', ['update', '-qq']);
    if (run('install chromium', 'apt-get', ['install', '-y', '-qq', 'chromium'], { DEBIAN_FRONTEND: 'noninteractive' }))
      return existsSync(CHROMIUM);
  }
  console.error(
    `\nBrowser tests need Chromium at ${CHROMIUM}. Install it with: sudo apt-get install chromium (or set CHROMIUM_PATH).`,
  );
  return false;
}

step('lint', 'npx', ['biome', 'check', '.']);
// The layers (.dependency-cruiser.cjs, docs/architecture.md "Layers"): no wrong-way import, no cycle.
step('boundaries', 'npm', ['run', 'boundaries']);
const built = run('typecheck and build', 'npm', ['run', 'build']);
if (built) passed++;
else {
  failed++;
  failures.push('typecheck and build');
}
// The builds leave tests out (they are not shipped); tsconfig.tests.json typechecks every test file.
step('typecheck tests', 'npm', ['run', 'typecheck:tests']);
vitest('unit and API tests', [], 'vitest-unit.json');

// test:pg — the API tests again on PostgreSQL, when a server listens where the test
// databases are made (TEST_PG_URL, default 127.0.0.1:5432; see apps/server/test/test-database.ts).
const pgUrl = new URL(process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
if (await reachable(pgUrl.hostname, Number(pgUrl.port || 5432))) {
  vitest('API tests on PostgreSQL', ['apps/server'], 'vitest-pg.json', { TEST_DB: 'pg' });
} else {
  console.log(`\n▷ API tests on PostgreSQL skipped: nothing listens on ${pgUrl.host} (run npm run test:pg where it does)`);
}

// test:scale — several built server processes in cluster mode on one PostgreSQL and one Redis
// (scale/): needs both to answer, like test:pg needs PostgreSQL.
const redisPort = Number(process.env.TEST_REDIS_PORT ?? 6379);
const pgUp = await reachable(pgUrl.hostname, Number(pgUrl.port || 5432));
const redisUp = await reachable('127.0.0.1', redisPort);
if (!pgUp || !redisUp) {
  const missing = [!pgUp && `PostgreSQL at ${pgUrl.host}`, !redisUp && `Redis at 127.0.0.1:${redisPort}`].filter(Boolean);
  console.log(`\n▷ scale tests skipped: nothing listens for ${missing.join(' and ')} (run npm run test:scale where both do)`);
} else if (!built) {
  failed++;
  failures.push('scale tests (skipped: the build failed)');
} else {
  vitest('scale tests', ['--config', 'scale/vitest.config.ts'], 'vitest-scale.json');
}
if (!built) {
  failed++;
  failures.push('browser tests (skipped: the build failed)');
} else if (!ensureChromium()) {
  failed++;
  failures.push('browser tests (no Chromium)');
} else {
  vitest('browser tests', ['--config', 'e2e/vitest.config.ts'], 'vitest-e2e.json');
}

if (failures.length) console.log(`\nFailed: ${failures.join('; ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
