import { resolve } from 'node:path';
import { loadConfig } from './config.js';
import { backupDataDir } from './db/backup.js';

/**
 * `npm run backup -- [file]`: a consistent copy of the embedded database (DATA_DIR) as a gzipped tar,
 * taken through the running server (its backup socket in DATA_DIR) or, with no server running, from the
 * directory itself. Default file: backups/h5-<UTC time>.tgz. PostgreSQL mode: use pg_dump or PITR.
 */
const config = loadConfig();
if (config.databaseUrl) {
  console.error('backup: DATABASE_URL is set — back PostgreSQL up with pg_dump or point-in-time recovery (docs/operations.md)');
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const file = resolve(process.argv[2] ?? `backups/h5-${stamp}.tgz`);
try {
  const summary = await backupDataDir(config.dataDir, file);
  console.log(`backup: ${file}`);
  console.log(
    `  from: ${summary.via === 'server' ? 'the running server' : 'the data directory (no server running)'} ${config.dataDir}`,
  );
  console.log(`  size: ${summary.bytes} bytes (${(summary.bytes / 1024 / 1024).toFixed(1)} MiB)`);
  console.log(`  time: ${summary.ms} ms`);
  console.log(`  sha256: ${summary.sha256}`);
} catch (error) {
  console.error(`backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
