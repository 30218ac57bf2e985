import { desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin, createTestApp, TEST_ADMIN, type TestApp } from '../../../test/test-app.js';
import { admins, auditLog } from '../../db/schema.js';
import { verifyAuditChain } from '../../lib/audit-chain.js';
import { auditSignIn } from './sign-in-audit.js';

let t: TestApp;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  const [row] = await t.database.db.select({ id: admins.id }).from(admins).where(eq(admins.email, TEST_ADMIN.email));
  adminId = row!.id;
});
afterAll(async () => {
  await t.close();
});

/** The newest audit row of an action. */
const newest = async (action: string) =>
  (await t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0];

describe('console sign-ins, refusals and sign-outs in the audit log', () => {
  it('records a sign-in with the operator as the actor', async () => {
    const login = await adminLogin(t);
    expect(login.type).toBe('ok');
    expect(await newest('operator.sign_in')).toMatchObject({
      adminId,
      target: `admin:${adminId}`,
      after: { email: TEST_ADMIN.email, scope: 'full' },
    });
  });

  it('records each refused attempt with its reason and no actor, never the password', async () => {
    const wrong = await t.post('admin/login', { ...TEST_ADMIN, password: 'not-the-password-1' });
    expect(wrong.type).toBe('error');
    const refused = await newest('operator.sign_in_failed');
    expect(refused).toMatchObject({ adminId: null, target: `admin:${adminId}`, after: { email: TEST_ADMIN.email } });
    expect((refused!.after as { reason: string }).reason).toBe(wrong.error);
    expect(JSON.stringify(refused)).not.toContain('not-the-password-1');

    const noCode = await t.post('admin/login', { ...TEST_ADMIN, email: TEST_ADMIN.email.toUpperCase() });
    expect(noCode.error).toBe('totp_required');
    expect(await newest('operator.sign_in_failed')).toMatchObject({
      target: `admin:${adminId}`,
      after: { reason: 'totp_required' },
    });

    const stranger = await t.post('admin/login', { email: 'nobody@example.test', password: 'whatever-123' });
    expect(stranger.type).toBe('error');
    expect(await newest('operator.sign_in_failed')).toMatchObject({
      adminId: null,
      target: 'admin:unknown',
      after: { email: 'nobody@example.test', reason: stranger.error },
    });
  });

  it('records a sign-out', async () => {
    const login = await adminLogin(t);
    const out = await t.post('admin/logout', {}, { token: login.message.token });
    expect(out.type).toBe('ok');
    expect(await newest('operator.sign_out')).toMatchObject({ adminId, target: `admin:${adminId}` });
    expect((await t.get('admin/me', { token: login.message.token })).type).toBe('999');
  });

  it('stores what the log can hold of a hostile e-mail', async () => {
    const request = { ip: '192.0.2.9', headers: {} } as unknown as FastifyRequest;
    await auditSignIn(t.database.db, request, { email: `a\u0000b\ud800c${'x'.repeat(400)}`, refused: 'login_failed' });
    const row = await newest('operator.sign_in_failed');
    const email = (row!.after as { email: string }).email;
    expect(email.startsWith('a\uFFFDb\uFFFDc')).toBe(true);
    expect(email).toHaveLength(254);
    expect((await verifyAuditChain(t.database.db)).sound).toBe(true);
  });
});
