import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../test/file-app.js';

/** API replies over 1 kB are compressed for clients that accept it; small ones and other clients get plain JSON. */
describe('API reply compression', () => {
  const t = appForFile();

  // The OpenAPI document: a large reply every test app has.
  const docs = (encoding?: string) =>
    t.app.inject({ method: 'GET', url: '/api/docs', headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends a large reply with Brotli or gzip, and the same JSON once decoded', async () => {
    const plain = await docs();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const document = plain.json() as { openapi: string };
    expect(document.openapi).toMatch(/^3\./);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await docs('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(document);

    const gzip = await docs('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(document);
  });

  it('leaves a small reply and a localized refusal as they are', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json().type).toBe('ok');
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/user/center',
      headers: { 'accept-encoding': 'br', lang: 'en' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json()).toMatchObject({ type: '999' });
  });
});
