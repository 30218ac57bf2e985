import type { Db } from '../../db/client.js';

/**
 * Where the bytes of uploads live. The `uploads` row (owner, purpose, type, size, hash) is always in the
 * database and decides who may read an upload; a storage only keeps and returns bytes by upload id, so
 * every access rule holds whichever storage is configured.
 *
 * - `local`: files under DATA_DIR/uploads (the embedded database's default: one process, one disk);
 * - `database`: the `upload_blobs` table (PostgreSQL's default: any node serves any upload);
 * - `s3`: an S3-compatible bucket, path-style (when S3_BUCKET is set).
 */
export type UploadStorageKind = 'local' | 'database' | 's3';
export const UPLOAD_STORAGE_KINDS: readonly UploadStorageKind[] = ['local', 'database', 's3'];

/** Writes an upload's row: in `tx` when the storage keeps the bytes in that transaction. */
export type WriteRow = (tx?: Db) => Promise<void>;

/** Where a storage reports a store it cannot reach (the app's logger). */
export type StorageLog = { warn: (fields: object, message: string) => void };

export interface UploadStorage {
  readonly kind: UploadStorageKind;
  /**
   * Keeps the bytes of new upload `id` (never overwrites) together with its row, which `writeRow` writes
   * (on the transaction it is given, else on the app's database): both are kept, or neither. The
   * database storage writes both in one transaction; a storage outside the database keeps the bytes
   * first, so no database connection waits on the store, and forgets them if the row fails.
   */
  store(id: string, bytes: Buffer, mime: string, writeRow: WriteRow): Promise<void>;
  /**
   * The bytes of upload `id`; undefined when this storage has none. A store out of reach throws
   * (S3: `service_unavailable`, retryable), never passes for a missing upload.
   */
  get(id: string): Promise<Buffer | undefined>;
  /** Forgets the bytes of upload `id` (nothing to forget is not an error). */
  remove(id: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * A shared storage in front of the node's own directory: uploads written while the storage was still
 * `local` (before PostgreSQL's default became `database`) stay readable on the node that wrote them,
 * until `npm run uploads:copy` has moved them into the shared storage.
 */
export function withLocalFallback(shared: UploadStorage, local: UploadStorage): UploadStorage {
  return {
    kind: shared.kind,
    store: (id, bytes, mime, writeRow) => shared.store(id, bytes, mime, writeRow),
    get: async (id) => (await shared.get(id)) ?? (await local.get(id)),
    remove: async (id) => {
      await shared.remove(id);
      await local.remove(id);
    },
    close: () => shared.close(),
  };
}

/** `store` for a storage outside the database: the bytes, then the row; the bytes go again if the row fails. */
export async function bytesThenRow(
  storage: Pick<UploadStorage, 'remove'>,
  put: () => Promise<void>,
  id: string,
  writeRow: WriteRow,
): Promise<void> {
  await put();
  try {
    await writeRow();
  } catch (error) {
    await storage.remove(id).catch(() => {});
    throw error;
  }
}
