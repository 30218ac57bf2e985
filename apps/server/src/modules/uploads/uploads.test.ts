import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JPEG, multipart, PNG, upload, WEBP } from '../../../test/money.js';
import { operatorSession } from '../../../test/operators.js';
import { adminToken, createTestApp, registerEmailUser, type TestApp } from '../../../test/test-app.js';
import { startUploadBackend, UNREACHABLE_S3, UPLOAD_BACKEND_KINDS, type UploadBackend } from '../../../test/upload-backends.js';
import { uploads } from '../../db/schema.js';
import { sniffImage, UPLOAD_MAX_BYTES } from './service.js';

// The same suite on every upload storage: the access rules, checks and limits do not depend on it.
describe.each(UPLOAD_BACKEND_KINDS)('uploads on the %s storage', (kind) => {
  let t: TestApp;
  let backend: UploadBackend;
  let owner: { token: string };
  let other: { token: string };
  beforeAll(async () => {
    backend = await startUploadBackend(kind);
    t = await createTestApp({ uploads: backend.config });
    owner = await registerEmailUser(t);
    other = await registerEmailUser(t);
  });
  afterAll(async () => {
    await t.close();
    await backend.close();
  });

  const fetchUpload = (id: string, token?: string) =>
    t.app.inject({ method: 'GET', url: `/api/upload/${id}`, headers: token ? { authorization: token } : {} });
  const stored = (id: string) => backend.peek(id, { db: t.database.db, dataDir: t.app.config.dataDir });

  describe('POST upload', () => {
    it('keeps a PNG in the storage and serves it back to its owner', async () => {
      const reply = await upload(t, owner.token, { purpose: 'id_front' });
      expect(reply.type).toBe('ok');
      const { id, url } = reply.message;
      expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(url).toBe(`/api/upload/${id}`);
      expect(await stored(id)).toEqual(PNG);
      // A shared storage leaves nothing on this node's disk for another node to miss.
      if (kind !== 'local') expect(existsSync(join(t.app.config.dataDir, 'uploads', id))).toBe(false);

      const res = await fetchUpload(id, owner.token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toMatch(/^private/);
      expect(res.rawPayload).toEqual(PNG);
    });

    it('recognises JPEG and WebP by their first bytes, whatever the name or declared type', async () => {
      const jpeg = await upload(t, owner.token, {
        file: { filename: 'x.bin', contentType: 'application/octet-stream', bytes: JPEG },
      });
      const webp = await upload(t, owner.token, { file: { filename: 'x.png', contentType: 'image/png', bytes: WEBP } });
      expect((await fetchUpload(jpeg.message.id, owner.token)).headers['content-type']).toBe('image/jpeg');
      expect((await fetchUpload(webp.message.id, owner.token)).headers['content-type']).toBe('image/webp');
    });

    it('refuses a text file named .png', async () => {
      const reply = await upload(t, owner.token, {
        file: { filename: 'evil.png', contentType: 'image/png', bytes: Buffer.from('<script>alert(1)</script>') },
        lang: 'zh',
      });
      expect(reply).toMatchObject({
        status: 400,
        type: 'error',
        error: 'upload_not_image',
        message: '请上传JPEG、PNG或WebP图片',
      });
      expect(sniffImage(Buffer.from('RIFF....WAVE'))).toBeUndefined();
    });

    it('refuses a file over 5 MB and keeps nothing', async () => {
      const uploadsBefore = await t.database.db.$count(uploads);
      const big = Buffer.concat([PNG, Buffer.alloc(UPLOAD_MAX_BYTES)]);
      const reply = await upload(t, owner.token, { file: { bytes: big } });
      expect(reply).toMatchObject({ status: 413, error: 'upload_too_large' });
      expect(reply.message).toContain('5 MB');
      expect(await t.database.db.$count(uploads)).toBe(uploadsBefore);
    });

    it('takes a file of exactly 5 MB', async () => {
      const exact = Buffer.concat([PNG, Buffer.alloc(UPLOAD_MAX_BYTES - PNG.length)]);
      expect((await upload(t, owner.token, { file: { bytes: exact } })).type).toBe('ok');
    });

    it('needs a file, a known purpose, one file only, and a multipart body', async () => {
      expect(await upload(t, owner.token, { file: null })).toMatchObject({ error: 'upload_required' });
      expect(await upload(t, owner.token, { purpose: '' })).toMatchObject({
        error: 'field_required',
        fields: { purpose: expect.any(String) },
      });
      expect(await upload(t, owner.token, { purpose: 'avatar' })).toMatchObject({ error: 'field_invalid' });
      expect(await upload(t, owner.token, { file: { bytes: Buffer.alloc(0) } })).toMatchObject({ error: 'upload_required' });

      const two = multipart({ purpose: 'deposit_proof' }, [
        { filename: 'a.png', contentType: 'image/png', bytes: PNG },
        { filename: 'b.png', contentType: 'image/png', bytes: PNG },
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/upload',
        headers: { 'content-type': two.contentType, authorization: owner.token },
        payload: two.payload,
      });
      expect(res.json()).toMatchObject({ type: 'error', error: 'validation_failed' });

      const form = await t.post('upload', { purpose: 'deposit_proof' }, { token: owner.token });
      expect(form).toMatchObject({ error: 'unsupported_media_type' });
    });

    it('accepts the purpose after the file as well as before', async () => {
      const body = multipart({}, [{ filename: 'a.png', contentType: 'image/png', bytes: PNG }]);
      const tail = Buffer.from(
        body.payload
          .toString('latin1')
          .replace(
            /--([^\r\n]+)--\r\n$/,
            (_m, b) => `--${b}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nid_hand\r\n--${b}--\r\n`,
          ),
        'latin1',
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/upload',
        headers: { 'content-type': body.contentType, authorization: owner.token },
        payload: tail,
      });
      expect(res.json().type).toBe('ok');
    });

    it('needs a signed-in user', async () => {
      expect(await upload(t, undefined)).toMatchObject({ status: 401, type: '999' });
    });

    it('keeps multipart to this route: others still refuse it', async () => {
      const body = multipart({ user_string: 'a@b.c', password: 'x' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: { 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(res.json()).toMatchObject({ error: 'unsupported_media_type' });
    });
  });

  describe('GET upload/:id', () => {
    let id: string;
    beforeAll(async () => {
      id = (await upload(t, owner.token)).message.id;
    });

    it("answers another user's image as not found", async () => {
      const res = await fetchUpload(id, other.token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ type: 'error', error: 'not_found' });
    });

    it('answers without a token as not found', async () => {
      expect((await fetchUpload(id)).statusCode).toBe(404);
    });

    it('serves any image to an operator', async () => {
      const res = await fetchUpload(id, await adminToken(t));
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload).toEqual(PNG);
    });

    it('answers unknown and malformed ids as not found, never touching other paths', async () => {
      expect((await fetchUpload('AAAAAAAAAAAAAAAAAAAAAA', owner.token)).statusCode).toBe(404);
      expect((await fetchUpload('..%2F..%2Fetc%2Fpasswd', owner.token)).statusCode).toBe(404);
      if (kind === 'local') expect(existsSync(join(t.app.config.dataDir, 'uploads'))).toBe(true);
    });

    it('answers an upload whose bytes the storage lost as not found', async () => {
      const lost = (await upload(t, owner.token)).message.id as string;
      await t.app.uploads.remove(lost);
      expect(await stored(lost)).toBeUndefined();
      expect((await fetchUpload(lost, owner.token)).statusCode).toBe(404);
    });
  });

  describe('identity photos in the console', () => {
    it('are shown only to the roles that review identities; other images to every role that reads uploads', async () => {
      const idFront = (await upload(t, owner.token, { purpose: 'id_front' })).message.id as string;
      const idHand = (await upload(t, owner.token, { purpose: 'id_hand' })).message.id as string;
      const proof = (await upload(t, owner.token, { purpose: 'deposit_proof' })).message.id as string;
      const finance = (await operatorSession(t, 'finance')).token;
      const compliance = (await operatorSession(t, 'compliance')).token;
      for (const id of [idFront, idHand]) {
        expect((await fetchUpload(id, finance)).statusCode).toBe(404);
        expect((await fetchUpload(id, compliance)).statusCode).toBe(200);
        expect((await fetchUpload(id, await adminToken(t))).statusCode).toBe(200);
        expect((await fetchUpload(id, owner.token)).statusCode).toBe(200);
      }
      expect((await fetchUpload(proof, finance)).statusCode).toBe(200);
      expect((await fetchUpload(proof, compliance)).statusCode).toBe(200);
      // A role that reads no uploads at all learns nothing either.
      expect((await fetchUpload(idFront, (await operatorSession(t, 'support')).token)).statusCode).toBe(404);
    });
  });
});

describe('uploads when the S3 store does not answer', () => {
  it("refuse the upload as retryable, in the user's language, and keep nothing", async () => {
    const t = await createTestApp({ uploads: UNREACHABLE_S3 });
    try {
      const owner = await registerEmailUser(t);
      const before = await t.database.db.$count(uploads);
      const reply = await upload(t, owner.token, { lang: 'en' });
      expect(reply).toMatchObject({
        status: 503,
        type: 'error',
        error: 'service_unavailable',
        message: 'The service is briefly unavailable, please try again in a moment',
      });
      expect(await t.database.db.$count(uploads)).toBe(before);
    } finally {
      await t.close();
    }
  });
});
