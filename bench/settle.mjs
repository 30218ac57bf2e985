#!/usr/bin/env node
/**
 * `npm run bench:settle`: the derivatives' settlement figures, each measured by its own script in a
 * fresh process so one does not warm the other's caches.
 *   - bench/settle-options.mjs prints options_settle_ms (10,000 options delivering in one second);
 *   - bench/remark-positions.mjs prints positions_remark_ms (10,000 open positions re-marked on one tick).
 * Prints their `name: value` lines as they come (DESIGN.md §7); exits non-zero if either fails.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

let failed = false;
for (const script of ['settle-options.mjs', 'remark-positions.mjs']) {
  const run = spawnSync(process.execPath, [join(import.meta.dirname, script), ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
