import { REVIEW_STATUS } from '@app/shared';
import { eq } from 'drizzle-orm';
import { ledgerAccounts, users } from '../src/db/schema.js';
import type { AccountKind } from '../src/ledger/accounts.js';
import { postEntry } from '../src/ledger/ledger.js';
import { hashPassword } from '../src/lib/secrets.js';
import { adminToken, type Envelope, nextIp, registerEmailUser, type TestApp } from './test-app.js';

/** Test helpers for the money modules: balances, verified users, images and multipart bodies. */

export const BTC = 1;
export const ETH = 2;
export const USDT = 3;
export const TRX = 34;
export const PAY_PASSWORD = '246810';

/** Credits a user's account as an approved deposit would (one balanced ledger entry). */
export async function fund(t: TestApp, userId: number, currencyId: number, amount: string, kind: AccountKind = 'coin') {
  await t.database.db.transaction((tx) =>
    postEntry(tx, { reason: 'deposit', refType: 'test' }, [
      { account: { userId, kind, currencyId }, bucket: 'available', amount },
      { account: { system: 'external', currencyId }, bucket: 'available', amount: `-${amount}` },
    ]),
  );
}

/** available/frozen of one of a user's accounts, as plain decimal strings. */
export async function balance(t: TestApp, userId: number, currencyId: number, kind: AccountKind = 'coin') {
  const rows = await t.database.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, userId));
  const row = rows.find((r) => r.kind === kind && r.currencyId === currencyId);
  const plain = (v: string | undefined) => (v === undefined ? '0' : String(Number(v)));
  return { available: plain(row?.available), frozen: plain(row?.frozen) };
}

/** A registered user with basic verification approved and a fund password, ready to withdraw. */
export async function readyUser(t: TestApp, opts: { verified?: boolean; payPassword?: string | null } = {}) {
  const reg = await registerEmailUser(t);
  const set: Partial<typeof users.$inferInsert> = {};
  if (opts.verified !== false) set.reviewStatus = REVIEW_STATUS.verified;
  if (opts.payPassword !== null) set.payPasswordHash = await hashPassword(opts.payPassword ?? PAY_PASSWORD);
  if (Object.keys(set).length) await t.database.db.update(users).set(set).where(eq(users.id, reg.user.id));
  return { ...reg, id: reg.user.id as number };
}

// The smallest files that carry each format's signature.
export const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
export const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');
export const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(14)]);

export type FilePart = { name?: string; filename: string; contentType: string; bytes: Buffer };

/** A multipart/form-data body with text fields and files, as a browser would send it. */
export function multipart(fields: Record<string, string>, files: FilePart[] = []) {
  const boundary = `----h5test${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name ?? 'file'}"; filename="${f.filename}"\r\nContent-Type: ${f.contentType}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST upload with one file (PNG by default); returns the envelope. */
export async function upload(
  t: TestApp,
  token: string | undefined,
  opts: { purpose?: string; file?: Partial<FilePart> | null; lang?: string } = {},
): Promise<Envelope> {
  const files =
    opts.file === null ? [] : [{ filename: 'proof.png', contentType: 'image/png', bytes: PNG, ...(opts.file ?? {}) } as FilePart];
  const fields: Record<string, string> =
    opts.purpose === undefined ? { purpose: 'deposit_proof' } : opts.purpose === '' ? {} : { purpose: opts.purpose };
  const body = multipart(fields, files);
  const headers: Record<string, string> = { 'content-type': body.contentType };
  if (token) headers.authorization = token;
  if (opts.lang) headers.lang = opts.lang;
  const res = await t.app.inject({ method: 'POST', url: '/api/upload', headers, payload: body.payload, remoteAddress: nextIp() });
  return { status: res.statusCode, ...res.json<Record<string, unknown>>() } as Envelope;
}

/** The id of a fresh image uploaded by this user. */
export async function uploadId(t: TestApp, token: string, purpose = 'deposit_proof'): Promise<string> {
  const reply = await upload(t, token, { purpose });
  if (reply.type !== 'ok') throw new Error(`upload failed: ${JSON.stringify(reply)}`);
  return reply.message.id as string;
}

export async function admin(t: TestApp) {
  return { token: await adminToken(t) };
}
