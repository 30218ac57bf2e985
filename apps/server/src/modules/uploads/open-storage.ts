import type { Db } from '../../db/client.js';
import { databaseUploadStorage } from './database-storage.js';
import { localUploadStorage } from './local-storage.js';
import { type StorageLog, type UploadStorage, withLocalFallback } from './storage.js';
import type { UploadStorageConfig } from './storage-config.js';

/** The storage every node shares (database or S3), or undefined when uploads stay in DATA_DIR. */
export async function openSharedUploadStorage(
  config: UploadStorageConfig,
  db: Db,
  log: StorageLog = console,
): Promise<UploadStorage | undefined> {
  if (config.kind === 'local') return undefined;
  if (config.kind === 'database') return databaseUploadStorage(db);
  // The S3 client is loaded only when S3 is configured.
  const { s3UploadStorage } = await import('./s3-storage.js');
  return s3UploadStorage(config.s3, log);
}

/** The configured upload storage, falling back to the node's own directory for uploads written before. */
export async function openUploadStorage(
  config: UploadStorageConfig,
  deps: { db: Db; dataDir: string; log?: StorageLog },
): Promise<UploadStorage> {
  const local = localUploadStorage(deps.dataDir);
  const shared = await openSharedUploadStorage(config, deps.db, deps.log);
  return shared ? withLocalFallback(shared, local) : local;
}
