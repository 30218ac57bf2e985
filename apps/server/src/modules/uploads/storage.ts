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

/** Where a storage reports a store it cannot reach (the app's logger). */
export type StorageLog = { warn: (fields: object, message: string) => void };

export interface UploadStorage {
  readonly kind: UploadStorageKind;
  /**
   * Keeps the bytes of upload `id` (a new id: never overwrites). `tx` is the transaction writing the
   * upload's row: the database storage writes in it, so row and bytes commit together.
   */
  put(id: string, bytes: Buffer, mime: string, tx: Db): Promise<void>;
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
    put: (id, bytes, mime, tx) => shared.put(id, bytes, mime, tx),
    get: async (id) => (await shared.get(id)) ?? (await local.get(id)),
    remove: async (id) => {
      await shared.remove(id);
      await local.remove(id);
    },
    close: () => shared.close(),
  };
}
