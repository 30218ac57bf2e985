import { utcDayOf } from '@app/shared';
import { loadConfig } from './config.js';
import { openForCommand } from './db/client.js';
import { loadPairs, symbolKey } from './market/pairs.js';
import { walkDay } from './modules/index-samples/chain.js';
import { RETENTION_DAYS } from './modules/index-samples/sampler.js';

/**
 * `npm run index:verify [pair…] [YYYY-MM-DD…]`: walks the hash-chained index record of the configured
 * database (DATA_DIR or DATABASE_URL) for each pair and day asked (default: every pair, yesterday and
 * today, UTC), prints each day's head, and exits 1 listing the breaks when any link does not hold
 * (docs/index-record.md). The embedded database admits one process at a time: stop the server first.
 */
const args = process.argv.slice(2);
const dayArgs = args.filter((a) => /^\d{4}-\d{2}-\d{2}$/.test(a));
const pairArgs = args.filter((a) => !dayArgs.includes(a));
const now = Math.floor(Date.now() / 1000);
const days = dayArgs.length ? dayArgs : [utcDayOf(now - 86_400), utcDayOf(now)];

const config = loadConfig();
const database = await openForCommand(config);
try {
  await database.migrate();
  const pairs = await loadPairs(database.db);
  const chosen = pairArgs.length ? pairArgs.map((a) => pairs.find((p) => symbolKey(p.symbol) === symbolKey(a))) : pairs;
  const unknown = pairArgs.filter((_, i) => !chosen[i]);
  if (unknown.length) {
    console.error(`index: unknown pair(s) ${unknown.join(', ')}`);
    process.exitCode = 2;
  } else {
    const cutoff = now - RETENTION_DAYS * 86_400;
    let broken = 0;
    for (const pair of chosen) {
      for (const day of days) {
        const walk = await walkDay(database.db, pair!.id, day, cutoff - (cutoff % 86_400));
        const line = `${pair!.symbol} ${day}: ${walk.samples} samples, ${walk.minutes} minutes, ${walk.minutes ? `head ${walk.head}` : 'no head'}`;
        if (!walk.faults.length) console.log(`${line} — intact`);
        else {
          broken++;
          console.error(`${line} — ${walk.faults.length} break(s)`);
          for (const fault of walk.faults) console.error(`- ${fault.check}: ${JSON.stringify(fault.detail)}`);
        }
      }
    }
    if (broken) process.exitCode = 1;
  }
} finally {
  await database.close();
}
