import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

// The built H5 app (`npm test` builds before the unit tests run).
const H5_DIST = join(import.meta.dirname, '..', '..', 'h5', 'dist');
const built = existsSync(join(H5_DIST, 'index.html.br'));

describe.skipIf(!built)('the built apps as served', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ serveStatic: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  const script = () => {
    const dir = join(H5_DIST, 'static', 'js');
    const name = readdirSync(dir).find((f) => f.endsWith('.js') && existsSync(join(dir, `${f}.br`)));
    if (!name) throw new Error('no precompressed script in the H5 build');
    return `/h5/static/js/${name}`;
  };

  it('sends the Brotli copy of a script to a browser that accepts it, cached for a year', async () => {
    const url = script();
    const plain = await t.app.inject({ method: 'GET', url });
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it('falls back to gzip, and to the plain file for a client that accepts neither', async () => {
    const url = script();
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);
  });

  it("lets the page's inline boot script run by its hash, and no other inline script", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/h5/' });
    const inline = [...page.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toHaveLength(1);
    const hash = `'sha256-${createHash('sha256').update(inline[0]!, 'utf8').digest('base64')}'`;
    const scriptSrc = (reply: { headers: Record<string, unknown> }) =>
      /script-src ([^;]*)/.exec(String(reply.headers['content-security-policy']))?.[1]?.split(' ');
    expect(scriptSrc(page)).toEqual(["'self'", hash]);
    // Every other reply allows no inline script at all.
    expect(scriptSrc(await t.app.inject({ method: 'GET', url: '/api/health' }))).toEqual(["'self'"]);
    expect(scriptSrc(await t.app.inject({ method: 'GET', url: '/admin/' }))).toEqual(["'self'"]);

    // A rebuild under the running server: the page's next load carries the new build's hash.
    const file = join(H5_DIST, 'csp-script-hashes.json');
    const built = readFileSync(file, 'utf8');
    const other = 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=';
    try {
      writeFileSync(file, JSON.stringify([other]));
      expect(scriptSrc(await t.app.inject({ method: 'GET', url: '/h5/' }))).toEqual(["'self'", `'${other}'`]);
    } finally {
      writeFileSync(file, built);
    }
  });

  it('revalidates the page itself on every visit, compressed too', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/h5/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<div id="root"');
    // The console's page too (under 1 kB: too small to be worth compressing, so sent as it is).
    const console = await t.app.inject({ method: 'GET', url: '/admin/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(console.statusCode).toBe(200);
    expect(console.headers['content-type']).toMatch(/text\/html/);
  });
});
