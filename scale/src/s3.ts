import { startS3StandIn } from '../../e2e/src/s3-standin.js';

/**
 * A local S3 stand-in (e2e/src/s3-standin.ts: s3rver, its built-in keys, signatures checked) with one
 * empty bucket; `env` configures the nodes' upload storage to use it.
 */
export async function startS3(
  bucket = 'scale-uploads',
): Promise<{ env: Record<string, string>; object: (key: string) => Buffer | undefined; close: () => Promise<void> }> {
  const { connection, object, close } = await startS3StandIn(bucket);
  return {
    env: {
      S3_ENDPOINT: connection.endpoint,
      S3_BUCKET: connection.bucket,
      S3_REGION: connection.region,
      S3_ACCESS_KEY_ID: connection.accessKeyId,
      S3_SECRET_ACCESS_KEY: connection.secretAccessKey,
    },
    object,
    close,
  };
}
