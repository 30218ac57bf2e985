import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type User } from '../../e2e/src/server-process.js';
import { type Cluster, startCluster } from '../src/cluster.js';
import { startS3 } from '../src/s3.js';
import { operatorToken } from '../src/traders.js';

/**
 * Uploads any node can serve: a user's image uploaded through node A is fetched through node B, whose
 * data directory never held it — with the database storage (PostgreSQL's default) and with an
 * S3-compatible bucket (a local s3rver). Access rules hold across nodes: another user gets 404.
 */

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function uploadThrough(baseUrl: string, user: User, purpose: string): Promise<{ id: string; url: string }> {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'photo.png');
  const res = await fetch(`${baseUrl}/api/upload`, { method: 'POST', headers: { authorization: user.token }, body: form });
  const reply = (await res.json()) as { type: string; message: { id: string; url: string } };
  if (reply.type !== 'ok') throw new Error(`upload through ${baseUrl}: ${JSON.stringify(reply)}`);
  return reply.message;
}

const fetchThrough = (baseUrl: string, url: string, token: string) =>
  fetch(`${baseUrl}${url}`, { headers: { authorization: token } });

for (const storage of ['database', 's3'] as const) {
  describe(`uploads on the ${storage} storage, two nodes`, () => {
    let cluster: Cluster;
    let s3: Awaited<ReturnType<typeof startS3>> | undefined;
    let owner: User;
    let other: User;

    beforeAll(async () => {
      // No UPLOAD_STORAGE: PostgreSQL's default (database), or S3 because a bucket is configured.
      s3 = storage === 's3' ? await startS3() : undefined;
      cluster = await startCluster({ nodes: 2, env: s3?.env ?? {} });
      const first = cluster.nodes[0]!;
      const admin = await operatorToken(first.baseUrl);
      owner = await registerUser(first.baseUrl, admin, `up-${storage}-owner`, 'scale-pass-1');
      other = await registerUser(first.baseUrl, admin, `up-${storage}-other`, 'scale-pass-1');
    });

    afterAll(async () => {
      await cluster?.stop();
      await s3?.close();
    });

    it('serves through node B what was uploaded through node A, and the other way round', async () => {
      const [a, b] = cluster.nodes as [Cluster['nodes'][number], Cluster['nodes'][number]];
      for (const [from, to] of [
        [a, b],
        [b, a],
      ] as const) {
        const { id, url } = await uploadThrough(from.baseUrl, owner, 'id_front');
        // Neither node keeps the bytes on its own disk.
        for (const node of [a, b]) expect(existsSync(join(node.dataDir, 'uploads', id))).toBe(false);
        // The bytes are where the storage keeps them: the bucket's object, or the row in upload_blobs.
        const kept = s3
          ? s3.object(`uploads/${id}`)
          : (await cluster.db.query<{ bytes: Buffer }>('SELECT bytes FROM upload_blobs WHERE id = $1', [id]))[0]?.bytes;
        expect(kept).toEqual(PNG);
        const served = await fetchThrough(to.baseUrl, url, owner.token);
        expect(served.status).toBe(200);
        expect(served.headers.get('content-type')).toBe('image/png');
        expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
        expect((await fetchThrough(to.baseUrl, url, other.token)).status).toBe(404);
      }
      cluster.assertAlive();
    });
  });
}
