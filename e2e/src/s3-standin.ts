import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

type S3rverServer = { run(): Promise<AddressInfo>; close(): Promise<void> };
// s3rver is CommonJS without types: only its constructor, run and close are used.
const S3rver = createRequire(import.meta.url)('s3rver') as new (options: Record<string, unknown>) => S3rverServer;

/** s3rver's built-in account: it checks request signatures against these keys. */
const KEY = 'S3RVER';

/** Where the stand-in listens and how to sign in to it. */
export type S3Connection = { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };

export type S3StandIn = {
  connection: S3Connection;
  /** The bytes the stand-in keeps for `key`, read from its directory (s3rver's own file layout). */
  object: (key: string) => Buffer | undefined;
  close: () => Promise<void>;
};

/**
 * A local S3 stand-in (s3rver) on 127.0.0.1 with one empty bucket, its objects in a temporary directory:
 * the S3 upload storage is tested against a real S3 protocol (signed requests, XML errors), never a mock.
 * The server's upload tests and the scale suite's nodes both store uploads in one.
 */
export async function startS3StandIn(bucket: string): Promise<S3StandIn> {
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
    connection: { endpoint: `http://127.0.0.1:${port}`, bucket, region: 'us-east-1', accessKeyId: KEY, secretAccessKey: KEY },
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
