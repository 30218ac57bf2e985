import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PNG } from '../../../test/money.js';
import { openTestDatabase } from '../../../test/test-database.js';
import { startUploadBackend, UNREACHABLE_S3, UPLOAD_BACKEND_KINDS, type UploadBackend } from '../../../test/upload-backends.js';
import type { Database } from '../../db/client.js';
import { uploads } from '../../db/schema.js';
import { copyLocalUploads } from './copy-local.js';
import { openSharedUploadStorage, openUploadStorage } from './open-storage.js';
import { insertUpload } from './repo.js';
import { saveImage } from './service.js';
import type { UploadStorage } from './storage.js';
import { uploadStorageConfig } from './storage-config.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase(inject('dbTemplate'));
});
afterAll(() => database.close());

const newId = () => randomBytes(16).toString('base64url');
/** Every byte value, so a storage that treats bytes as text (or trims them) is caught. */
const ALL_BYTES = Buffer.concat([PNG, Buffer.from(Array.from({ length: 256 }, (_, i) => i)), Buffer.alloc(70_000, 0xff)]);

/** The row an upload's bytes belong to (the database storage's blobs reference it). */
const rowOf = (id: string, bytes: Buffer) => ({
  id,
  adminId: 1,
  purpose: 'chat',
  mime: 'image/png',
  size: bytes.length,
  sha256: createHash('sha256').update(bytes).digest('hex'),
});
const uploadRow = (id: string, bytes: Buffer) => insertUpload(database.db, rowOf(id, bytes));
/** Keeps an upload's bytes with its row, as the service does. */
const keep = (storage: UploadStorage, id: string, bytes: Buffer) =>
  storage.store(id, bytes, 'image/png', (tx) => insertUpload(tx ?? database.db, rowOf(id, bytes)));

describe.each(UPLOAD_BACKEND_KINDS)('the %s upload storage', (kind) => {
  let backend: UploadBackend;
  let storage: UploadStorage;
  let dataDir: string;
  beforeAll(async () => {
    backend = await startUploadBackend(kind);
    dataDir = mkdtempSync(join(tmpdir(), 'h5-storage-'));
    storage = await openUploadStorage(backend.config, { db: database.db, dataDir });
  });
  afterAll(async () => {
    await storage.close();
    await backend.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const where = () => ({ db: database.db, dataDir });

  it('keeps bytes exactly and gives them back', async () => {
    const id = newId();
    await keep(storage, id, ALL_BYTES);
    expect(storage.kind).toBe(kind);
    expect((await storage.get(id))?.equals(ALL_BYTES)).toBe(true);
    expect((await backend.peek(id, where()))?.equals(ALL_BYTES)).toBe(true);
  });

  it('answers an id it does not hold with nothing', async () => {
    expect(await storage.get(newId())).toBeUndefined();
  });

  it('forgets removed bytes, and removing nothing is no error', async () => {
    const id = newId();
    await keep(storage, id, PNG);
    await storage.remove(id);
    expect(await storage.get(id)).toBeUndefined();
    expect(await backend.peek(id, where())).toBeUndefined();
    await expect(storage.remove(newId())).resolves.toBeUndefined();
  });

  it('keeps neither row nor bytes when writing the row fails', async () => {
    let attempted = '';
    const failing: UploadStorage = {
      ...storage,
      store: (id, bytes, mime, writeRow) =>
        storage.store(id, bytes, mime, async (tx) => {
          // In the database the row and bytes share a transaction: even a row already written is undone.
          // Elsewhere the row is the last step, so the insert failing is what can happen.
          if (kind === 'database') await writeRow(tx);
          attempted = id;
          throw new Error('row refused');
        }),
    };
    const before = await database.db.$count(uploads);
    await expect(saveImage(database.db, failing, { adminId: 1 }, 'chat', PNG)).rejects.toThrow('row refused');
    expect(attempted).not.toBe('');
    expect(await database.db.$count(uploads)).toBe(before);
    expect(await storage.get(attempted)).toBeUndefined();
    expect(await backend.peek(attempted, where())).toBeUndefined();
  });

  it('refuses what is not an image, and an image over the limit, keeping nothing', async () => {
    const before = await database.db.$count(uploads);
    await expect(saveImage(database.db, storage, { adminId: 1 }, 'chat', Buffer.from('<svg/>'))).rejects.toMatchObject({
      code: 'upload_not_image',
    });
    await expect(
      saveImage(database.db, storage, { adminId: 1 }, 'chat', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)])),
    ).rejects.toMatchObject({ code: 'upload_too_large' });
    expect(await database.db.$count(uploads)).toBe(before);
  });

  it.skipIf(kind === 'local')(
    'still serves a file this node kept in DATA_DIR before the switch, and copies it over',
    async () => {
      const id = newId();
      await uploadRow(id, PNG);
      mkdirSync(join(dataDir, 'uploads'), { recursive: true });
      writeFileSync(join(dataDir, 'uploads', id), PNG);
      // A file with no upload row and one whose bytes differ from the recorded hash are never copied.
      writeFileSync(join(dataDir, 'uploads', newId()), PNG);
      const tampered = newId();
      await uploadRow(tampered, PNG);
      writeFileSync(join(dataDir, 'uploads', tampered), Buffer.concat([PNG, Buffer.from('x')]));

      expect((await storage.get(id))?.equals(PNG)).toBe(true);
      expect(await backend.peek(id, where())).toBeUndefined();

      const shared = (await openSharedUploadStorage(backend.config, database.db))!;
      try {
        const first = await copyLocalUploads(database.db, dataDir, shared);
        expect(first).toMatchObject({ copied: 1, orphaned: 1, mismatched: [tampered] });
        expect((await backend.peek(id, where()))?.equals(PNG)).toBe(true);
        expect(await backend.peek(tampered, where())).toBeUndefined();
        // Repeating it copies nothing twice.
        expect(await copyLocalUploads(database.db, dataDir, shared)).toMatchObject({ copied: 0, present: 1 });
      } finally {
        await shared.close();
      }
    },
  );
});

describe('the S3 storage when the store does not answer', () => {
  it('refuses as retryable, logs why, keeps no row, and never passes for a missing upload', async () => {
    const warnings: string[] = [];
    const storage = await openUploadStorage(UNREACHABLE_S3, {
      db: database.db,
      dataDir: mkdtempSync(join(tmpdir(), 'h5-storage-')),
      log: { warn: (_fields, message) => warnings.push(message) },
    });
    try {
      await expect(storage.get(newId())).rejects.toMatchObject({ code: 'service_unavailable', status: 503 });
      const before = await database.db.$count(uploads);
      await expect(saveImage(database.db, storage, { adminId: 1 }, 'chat', PNG)).rejects.toMatchObject({
        code: 'service_unavailable',
      });
      expect(await database.db.$count(uploads)).toBe(before);
      expect(warnings).toContain('upload storage unavailable');
    } finally {
      await storage.close();
    }
  });
});

describe('uploadStorageConfig', () => {
  it('is the directory on the embedded database, the database on PostgreSQL, S3 once a bucket is named', () => {
    expect(uploadStorageConfig({})).toEqual({ kind: 'local' });
    expect(uploadStorageConfig({ DATABASE_URL: 'postgres://x/y' })).toEqual({ kind: 'database' });
    expect(uploadStorageConfig({ DATABASE_URL: 'postgres://x/y', S3_BUCKET: 'b' })).toEqual({
      kind: 's3',
      s3: { bucket: 'b', region: 'us-east-1', prefix: 'uploads/' },
    });
    expect(uploadStorageConfig({ DATABASE_URL: 'postgres://x/y', UPLOAD_STORAGE: 'local' })).toEqual({ kind: 'local' });
    expect(
      uploadStorageConfig({
        S3_BUCKET: 'b',
        S3_ENDPOINT: 'https://minio.internal:9000',
        S3_REGION: 'eu-west-1',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_PREFIX: '',
      }),
    ).toEqual({
      kind: 's3',
      s3: {
        endpoint: 'https://minio.internal:9000',
        bucket: 'b',
        region: 'eu-west-1',
        accessKeyId: 'id',
        secretAccessKey: 'secret',
        prefix: '',
      },
    });
  });

  it('stops the start on a misspelt or half-configured storage', () => {
    expect(() => uploadStorageConfig({ UPLOAD_STORAGE: 'disk' })).toThrow(/UPLOAD_STORAGE must be one of local, database, s3/);
    expect(() => uploadStorageConfig({ UPLOAD_STORAGE: 's3' })).toThrow(/needs S3_BUCKET/);
    expect(() => uploadStorageConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(/go together/);
    expect(() => uploadStorageConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toThrow(/http\(s\) URL/);
  });
});

describe('the database storage', () => {
  it('removes the bytes with their upload', async () => {
    const backend = await startUploadBackend('database');
    const storage = await openSharedUploadStorage(backend.config, database.db);
    const id = newId();
    await keep(storage!, id, PNG);
    await database.db.delete(uploads).where(eq(uploads.id, id));
    expect(await backend.peek(id, { db: database.db, dataDir: '' })).toBeUndefined();
  });
});
