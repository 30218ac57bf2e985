import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JPEG, PNG, upload } from '../../../test/money.js';
import { operatorSession } from '../../../test/operators.js';
import { reachable } from '../../../test/reachable.js';
import { adminToken, createTestApp, registerEmailUser, type TestApp } from '../../../test/test-app.js';
import { dropPgDatabase, seededPgDatabase } from '../../../test/test-database.js';
import { openDatabase } from '../../db/client.js';
import { uploadStorageConfig } from './storage-config.js';

/**
 * Two server instances on one PostgreSQL database, each with its own DATA_DIR, as two nodes on two
 * machines: what one stores, the other serves, under the same access rules. Skipped, with a message,
 * unless PostgreSQL answers (TEST_PG_URL, default 127.0.0.1:5432, database `test`).
 */
const pgUrl = new URL(process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test');

const up = await reachable(pgUrl.hostname, Number(pgUrl.port || 5432));
if (!up) console.warn(`shared uploads test skipped: PostgreSQL at ${pgUrl.host} must be reachable`);

describe.skipIf(!up)('uploads on PostgreSQL: any node serves any upload', () => {
  let dbName = '';
  let a: TestApp;
  let b: TestApp;

  /** A node as the server starts one: PostgreSQL's default upload storage, from the same variables. */
  async function node(databaseUrl: string): Promise<TestApp> {
    const uploads = uploadStorageConfig({ DATABASE_URL: databaseUrl });
    expect(uploads).toEqual({ kind: 'database' });
    return createTestApp(
      { databaseUrl, uploads },
      undefined,
      undefined,
      await openDatabase({ kind: 'postgres', url: databaseUrl }),
    );
  }

  beforeAll(async () => {
    const seeded = await seededPgDatabase('');
    dbName = seeded.name;
    a = await node(seeded.url);
    b = await node(seeded.url);
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    if (dbName) await dropPgDatabase(dbName);
  });

  const fetchFrom = (t: TestApp, id: string, token?: string) =>
    t.app.inject({ method: 'GET', url: `/api/upload/${id}`, headers: token ? { authorization: token } : {} });

  it('stores on one node and serves from the other, to the owner and the roles allowed, and no one else', async () => {
    // Users register on node A (its outbox codes); their tokens are sessions in the shared database.
    const owner = await registerEmailUser(a);
    const other = await registerEmailUser(a);
    const idFront = (await upload(a, owner.token, { purpose: 'id_front' })).message.id as string;
    const proof = (
      await upload(a, owner.token, {
        purpose: 'deposit_proof',
        file: { filename: 'p.jpg', contentType: 'image/jpeg', bytes: JPEG },
      })
    ).message.id as string;
    // Neither node's directory holds the bytes: node B cannot have read them from a disk.
    for (const t of [a, b]) expect(existsSync(join(t.app.config.dataDir, 'uploads', idFront))).toBe(false);

    const served = await fetchFrom(b, idFront, owner.token);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload).toEqual(PNG);
    expect((await fetchFrom(b, proof, owner.token)).rawPayload).toEqual(JPEG);

    expect((await fetchFrom(b, idFront, other.token)).statusCode).toBe(404);
    expect((await fetchFrom(b, idFront)).statusCode).toBe(404);
    const finance = (await operatorSession(a, 'finance')).token;
    expect((await fetchFrom(b, idFront, finance)).statusCode).toBe(404);
    expect((await fetchFrom(b, proof, finance)).statusCode).toBe(200);
    expect((await fetchFrom(b, idFront, (await operatorSession(a, 'compliance')).token)).statusCode).toBe(200);
    expect((await fetchFrom(b, idFront, await adminToken(a))).statusCode).toBe(200);
  });

  it('serves from the first node what the second stored, refusing a non-image on either', async () => {
    const owner = await registerEmailUser(a);
    const id = (await upload(b, owner.token, { purpose: 'chat' })).message.id as string;
    expect((await fetchFrom(a, id, owner.token)).rawPayload).toEqual(PNG);
    const text = { filename: 'x.png', contentType: 'image/png', bytes: Buffer.from('not an image') };
    expect(await upload(b, owner.token, { file: text })).toMatchObject({ status: 400, error: 'upload_not_image' });
  });
});
