import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { AppError } from '../../lib/app-error.js';
import { bytesThenRow, type StorageLog, type UploadStorage } from './storage.js';
import type { S3Settings } from './storage-config.js';

/**
 * Bytes as objects `<prefix><id>` in an S3-compatible bucket, addressed path-style
 * (`<endpoint>/<bucket>/<key>`), which MinIO, Ceph, R2 and AWS itself all answer. Objects are private:
 * the server reads them with its own keys and applies the upload's access rules before sending them on.
 */
export function s3UploadStorage(settings: S3Settings, log: StorageLog): UploadStorage {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: true,
    // Without keys the SDK's own chain applies (instance role, AWS_* variables, profile).
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them: many S3-compatible stores do not know the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that does not answer fails the request in seconds rather than holding it open.
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 15_000 },
    maxAttempts: 3,
  });
  const key = (id: string) => `${settings.prefix}${id}`;
  /**
   * A store that is away, refuses the keys or lacks the bucket: logged for the operator, answered as
   * retryable (503, localized) — the upload did nothing, as when the database is away.
   */
  const unavailable = (operation: string, error: unknown) => {
    const e = error as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
    log.warn({ operation, error: e.name, status: e.$metadata?.httpStatusCode, detail: e.message }, 'upload storage unavailable');
    return new AppError('service_unavailable');
  };
  const storage: UploadStorage = {
    kind: 's3',
    store: (id, bytes, mime, writeRow) =>
      bytesThenRow(
        storage,
        async () => {
          const put = new PutObjectCommand({
            Bucket: settings.bucket,
            Key: key(id),
            Body: bytes,
            ContentType: mime,
            ContentLength: bytes.length,
          });
          try {
            await client.send(put);
          } catch (error) {
            throw unavailable('put', error);
          }
        },
        id,
        writeRow,
      ),
    get: async (id) => {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key(id) }));
        return out.Body ? Buffer.from(await out.Body.transformToByteArray()) : undefined;
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw unavailable('get', error);
      }
    },
    remove: async (id) => {
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key(id) })).catch((error) => {
        throw unavailable('remove', error);
      });
    },
    close: async () => client.destroy(),
  };
  return storage;
}
