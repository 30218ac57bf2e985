import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../test/file-app.js';
import { multipart, PNG, upload, uploadId } from '../../test/money.js';
import { registerEmailUser } from '../../test/test-app.js';

/**
 * hardening: what the uploads module's own tests (modules/uploads/uploads.test.ts: sniffing of
 * JPEG/PNG/WebP, the 5 MB limit, malformed ids) leave out: the per-IP rate limit, files that pretend
 * to be images, every header of a served file, and traversal spelled the ways a proxy might decode.
 */
const t = appForFile();
let owner: { token: string };
beforeAll(async () => {
  owner = await registerEmailUser(t);
});

const post = (token: string, bytes: Buffer, ip: string, filename = 'proof.png', contentType = 'image/png') => {
  const body = multipart({ purpose: 'deposit_proof' }, [{ filename, contentType, bytes }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { 'content-type': body.contentType, authorization: token },
    payload: body.payload,
    remoteAddress: ip,
  });
};

describe('uploads (hardening)', () => {
  it('limits uploads to 30 a minute per address', async () => {
    const replies = [];
    for (let i = 0; i < 32; i++) replies.push((await post(owner.token, PNG, '10.200.0.1')).json());
    expect(replies.slice(0, 30).every((r) => r.type === 'ok')).toBe(true);
    expect(replies[30]).toMatchObject({ error: 'rate_limited' });
    // Another address is not affected.
    expect((await post(owner.token, PNG, '10.200.0.2')).json().type).toBe('ok');
  });

  it('refuses what only claims to be an image: HTML, SVG, a script, a truncated signature', async () => {
    const fakes: [string, string, Buffer][] = [
      ['page.png', 'image/png', Buffer.from('<html><script>alert(1)</script></html>')],
      ['x.svg', 'image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
      ['x.jpg', 'image/jpeg', Buffer.from('#!/bin/sh\nrm -rf /\n')],
      ['x.png', 'image/png', PNG.subarray(0, 4)],
    ];
    for (const [name, type, bytes] of fakes) {
      const reply = (await post(owner.token, bytes, '10.200.1.1', name, type)).json();
      expect(reply.error, name).toBe('upload_not_image');
    }
  });

  it('stores an image under a generated id, whatever the client names it, and serves it safely', async () => {
    const named = await upload(t, owner.token, { file: { filename: '../../../etc/passwd', contentType: 'text/html' } });
    expect(named.type, JSON.stringify(named)).toBe('ok');
    expect(named.message.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/upload/${named.message.id}`,
      headers: { authorization: owner.token },
    });
    expect(res.statusCode).toBe(200);
    // The sniffed type, never the declared one; not to be sniffed again by the browser; shown, not run.
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe('inline');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['cache-control']).toMatch(/^private/);
  });

  it('answers traversal in the id as not found, however it is spelled', async () => {
    const id = await uploadId(t, owner.token);
    const spellings = [
      '..%2F..%2F..%2Fetc%2Fpasswd',
      '%2e%2e%2f%2e%2e%2fpackage.json',
      '..%5C..%5Cpackage.json',
      `${id}%00.png`,
      `${id}%2F..%2F${id}`,
      `.%2F${id}`,
      '%252e%252e%252fpackage.json',
      '....%2F%2Fpackage.json',
      'a'.repeat(65),
    ];
    for (const s of spellings) {
      const res = await t.app.inject({ method: 'GET', url: `/api/upload/${s}`, headers: { authorization: owner.token } });
      expect(res.statusCode, s).toBe(404);
      expect(res.json().error, s).toBe('not_found');
    }
  });
});
