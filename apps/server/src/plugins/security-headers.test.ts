import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers.js';

const options = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], imgSrc: ["'self'", 'data:'], upgradeInsecureRequests: null } },
  crossOriginEmbedderPolicy: false,
};

describe('security headers', () => {
  it("are exactly the headers helmet's middleware sets on a response", () => {
    const request = new IncomingMessage(new Socket());
    const response = new ServerResponse(request);
    response.setHeader('X-Powered-By', 'something');
    helmet(options)(request, response, () => {});
    const expected = Object.fromEntries(Object.entries(response.getHeaders()).map(([k, v]) => [k, String(v)]));
    expect(securityHeaders(options)).toEqual(expected);
  });

  it('carry the policy as configured', () => {
    const headers = securityHeaders(options);
    expect(headers['content-security-policy']).toMatch(/^default-src 'self';/);
    expect(headers['content-security-policy']).toContain(";img-src 'self' data:;");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(headers['cross-origin-embedder-policy']).toBeUndefined();
    expect(headers['x-powered-by']).toBeUndefined();
  });
});
