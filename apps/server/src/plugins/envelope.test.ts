import { describe, expect, it } from 'vitest';
import { appForFile } from '../../test/file-app.js';
import { createTestApp } from '../../test/test-app.js';

const t = appForFile();

describe('API envelope', () => {
  it('answers unknown paths with a localized not_found in the envelope', async () => {
    const reply = await t.get('no/such/path', { lang: 'hk' });
    expect(reply).toMatchObject({ status: 404, type: 'error', error: 'not_found', message: '找不到' });
  });

  it('falls back to English for an unknown lang header', async () => {
    const reply = await t.get('no/such/path', { lang: 'xx' });
    expect(reply.message).toBe('Not found');
  });

  it.each([
    {
      name: 'refuses an oversized body without touching anything',
      contentType: 'application/x-www-form-urlencoded',
      payload: `user_string=${'a'.repeat(70_000)}&password=x`,
      status: 413,
      error: 'body_too_large',
    },
    {
      name: 'refuses a body that is neither a form nor JSON',
      contentType: 'text/plain',
      payload: 'hello',
      status: 415,
      error: 'unsupported_media_type',
    },
    {
      name: 'refuses malformed JSON as bad input, not a server error',
      contentType: 'application/json',
      payload: '{"a":',
      status: 400,
      error: 'validation_failed',
    },
  ])('$name', async ({ contentType, payload, status, error }) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ type: 'error', error });
  });

  it('treats a POST without a body as empty fields', async () => {
    const reply = await t.post('user/login');
    expect(reply).toMatchObject({ status: 400, type: 'error', error: 'account_required' });
    expect(Object.keys(reply.fields ?? {}).sort()).toEqual(['password', 'user_string']);
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/get/lang' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBeDefined();
  });
});

describe('OpenAPI document', () => {
  it('lists every route with its body schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/user/register',
      '/api/user/login',
      '/api/sms_send',
      '/api/sms_mail',
      '/api/user/forget',
      '/api/user/e_pwd',
      '/api/safe/update_password',
      '/api/set/lang',
      '/api/admin/login',
    ]) {
      expect(doc.paths[path]?.post, path).toBeDefined();
    }
    expect(doc.paths['/api/user/register']?.post?.requestBody).toBeDefined();
    expect(doc.paths['/api/user/center']?.get).toBeDefined();
  });
});

describe('request timeout', () => {
  it('answers a request still unanswered after the limit with a localized timeout', async () => {
    // A route that does not answer in time stands in for a stuck dependency.
    const slow = await createTestApp({ requestTimeoutMs: 100 }, (app) => {
      app.get('/api/test/slow', async () => new Promise((resolve) => setTimeout(() => resolve({ late: true }), 1000)));
    });
    try {
      const res = await slow.app.inject({ method: 'GET', url: '/api/test/slow', headers: { lang: 'zh' } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ type: 'error', error: 'request_timeout', message: '请求超时' });
    } finally {
      await slow.close();
    }
  });

  it('answers a request that found the database out of reach with a retryable 503, not a server error', async () => {
    const app = await createTestApp({}, (a) => {
      a.get('/api/test/db-down', async () => {
        // What drizzle throws when postgres-js lost its connection mid-query.
        throw new Error('Failed query', {
          cause: Object.assign(new Error('write CONNECTION_CLOSED'), { code: 'CONNECTION_CLOSED' }),
        });
      });
      a.get('/api/test/bug', async () => {
        throw new TypeError('not a database problem');
      });
    });
    try {
      const down = await app.get('test/db-down', { lang: 'kr' });
      expect(down).toMatchObject({ status: 503, type: 'error', error: 'service_unavailable' });
      expect(down.message).toBe('서비스를 일시적으로 사용할 수 없습니다. 잠시 후 다시 시도하세요');
      const bug = await app.get('test/bug');
      expect(bug).toMatchObject({ status: 500, error: 'internal_error' });
    } finally {
      await app.close();
    }
  });
});
