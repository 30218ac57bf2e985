import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { uploadBlobs } from '../src/db/schema.js';
import type { S3Settings, UploadStorageConfig } from '../src/modules/uploads/storage-config.js';
import { startS3StandIn } from './s3-standin.js';

/**
 * The three upload storages, for suites that run once per storage. `peek` reads an upload's bytes
 * straight from where that storage keeps them (the file, the `upload_blobs` row, the bucket's object),
 * so a test proves where the bytes went, not only that the API gives them back.
 */
export type UploadBackend = {
  config: UploadStorageConfig;
  peek: (id: string, where: { db: Db; dataDir: string }) => Promise<Buffer | undefined>;
  close: () => Promise<void>;
};

export const UPLOAD_BACKEND_KINDS = ['local', 'database', 's3'] as const;

/** An S3 storage whose endpoint nothing listens on: the store that does not answer. */
export const UNREACHABLE_S3: UploadStorageConfig = {
  kind: 's3',
  s3: {
    endpoint: 'http://127.0.0.1:9',
    bucket: 'uploads',
    region: 'us-east-1',
    accessKeyId: 'k',
    secretAccessKey: 's',
    prefix: '',
  },
};

export async function startUploadBackend(kind: (typeof UPLOAD_BACKEND_KINDS)[number]): Promise<UploadBackend> {
  if (kind === 'local') {
    return {
      config: { kind },
      peek: async (id, { dataDir }) => {
        const file = join(dataDir, 'uploads', id);
        return existsSync(file) ? readFileSync(file) : undefined;
      },
      close: async () => {},
    };
  }
  if (kind === 'database') {
    return {
      config: { kind },
      peek: async (id, { db }) => {
        const [row] = await db.select().from(uploadBlobs).where(eq(uploadBlobs.id, id));
        return row?.bytes;
      },
      close: async () => {},
    };
  }
  const s3 = await startS3StandIn();
  const client = s3Client(s3.settings);
  return {
    config: { kind, s3: s3.settings },
    peek: async (id) => {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: s3.settings.bucket, Key: `${s3.settings.prefix}${id}` }));
        return Buffer.from(await out.Body!.transformToByteArray());
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    close: async () => {
      client.destroy();
      await s3.close();
    },
  };
}

/** A client of the test's own, beside the server's: what the bucket holds, seen from outside. */
function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId!, secretAccessKey: settings.secretAccessKey! },
  });
}
