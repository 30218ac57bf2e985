import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3Settings } from '../src/modules/uploads/storage-config.js';

type S3rverServer = { run(): Promise<AddressInfo>; close(): Promise<void> };
// s3rver is CommonJS without types: only its constructor, run and close are used.
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: Record<string, unknown>) => S3rverServer;

/** s3rver's built-in account: it checks request signatures against these keys. */
const KEY = 'S3RVER';

/**
 * A local S3 stand-in (s3rver) on 127.0.0.1 with an empty bucket, its objects in a temporary directory:
 * the S3 upload storage is tested against a real S3 protocol (signed requests, XML errors), never a mock.
 */
export async function startS3StandIn(bucket = 'uploads'): Promise<{ settings: S3Settings; close: () => Promise<void> }> {
  const directory = mkdtempSync(join(tmpdir(), 'h5-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    settings: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: 'us-east-1',
      accessKeyId: KEY,
      secretAccessKey: KEY,
      prefix: 'uploads/',
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
