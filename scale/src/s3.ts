import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

type S3rverServer = { run(): Promise<AddressInfo>; close(): Promise<void> };
// s3rver is CommonJS without types: only its constructor, run and close are used.
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: Record<string, unknown>) => S3rverServer;

/**
 * A local S3 stand-in (s3rver, its built-in keys S3RVER/S3RVER, signatures checked) on 127.0.0.1 with
 * one empty bucket; `env` configures the nodes' upload storage to use it.
 */
export async function startS3(
  bucket = 'scale-uploads',
): Promise<{ env: Record<string, string>; object: (key: string) => Buffer | undefined; close: () => Promise<void> }> {
  const directory = mkdtempSync(join(tmpdir(), 'h5-scale-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    /** The bytes the stand-in keeps for `key`, read from its directory (s3rver's own file layout). */
    object: (key) => {
      const file = join(directory, bucket, `${key}._S3rver_object`);
      return existsSync(file) ? readFileSync(file) : undefined;
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
