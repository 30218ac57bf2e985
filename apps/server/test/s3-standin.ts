import { startS3StandIn as startStandIn } from '../../../e2e/src/s3-standin.js';
import type { S3Settings } from '../src/modules/uploads/storage-config.js';

/** The S3 upload storage's settings for a local S3 stand-in (e2e/src/s3-standin.ts) with an empty bucket. */
export async function startS3StandIn(bucket = 'uploads'): Promise<{ settings: S3Settings; close: () => Promise<void> }> {
  const s3 = await startStandIn(bucket);
  return { settings: { ...s3.connection, prefix: 'uploads/' }, close: s3.close };
}
