import { resolve } from 'node:path';
import { restoreBackup } from './db/backup.js';

/**
 * `npm run restore -- <backup file> <new DATA_DIR>`: unpacks a backup taken by `npm run backup` into a
 * new (or empty) directory and opens it once; start the server with DATA_DIR set to it.
 */
const [file, dir] = process.argv.slice(2);
if (!file || !dir) {
  console.error('usage: npm run restore -- <backup file> <new DATA_DIR>');
  process.exit(2);
}
try {
  const summary = await restoreBackup(resolve(file), resolve(dir));
  console.log(`restore: ${resolve(file)} → ${resolve(dir)}`);
  console.log(`  size: ${summary.bytes} bytes, time: ${summary.ms} ms, sha256: ${summary.sha256}`);
  console.log(`  next: npm run ledger:verify with DATA_DIR=${resolve(dir)}, then start the server on it`);
} catch (error) {
  console.error(`restore failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
