import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { uploadId } from '../../../test/money.js';
import { adminToken, registerEmailUser } from '../../../test/test-app.js';
import { auditLog } from '../../db/schema.js';

const t = appForFile();
let operator: string;
beforeAll(async () => {
  operator = await adminToken(t);
});

const basic = { country: 'de', name: 'Erika Mustermann', card_id: 'T22000129' };

/** The id of the newest submission of a user (as an operator finds it). */
async function pendingCheckOf(userId: number, tier: number) {
  const list = await t.get(`admin/identity?status=pending&tier=${tier}&limit=100`, { token: operator });
  return list.message.list.find((c: { user: { id: number } }) => c.user.id === userId);
}

async function verifiedBasic() {
  const u = await registerEmailUser(t);
  await t.post('user/real_name', basic, { token: u.token });
  const check = await pendingCheckOf(u.user.id, 1);
  expect((await t.post(`admin/identity/${check.id}/approve`, {}, { token: operator })).type).toBe('ok');
  return u;
}

async function photos(token: string) {
  return {
    front_pic: await uploadId(t, token, 'id_front'),
    reverse_pic: await uploadId(t, token, 'id_back'),
    hand_pic: await uploadId(t, token, 'id_hand'),
  };
}

describe('basic verification (user/real_name)', () => {
  it('goes from none to pending to verified, copying the name and ID number onto the user', async () => {
    const u = await registerEmailUser(t);
    const before = await t.get('user/center2', { token: u.token });
    expect(before.message).toEqual({
      basic: { status: 'none', reject_reason: null, country: null, name: null, card_id: null, submitted_at: null },
      advanced: { status: 'none', reject_reason: null, submitted_at: null },
    });

    expect((await t.post('user/real_name', basic, { token: u.token })).message).toEqual({ status: 'pending' });
    expect((await t.get('user/center', { token: u.token })).message.review_status).toBe(1);
    const pending = await t.get('user/center2', { token: u.token });
    expect(pending.message.basic).toMatchObject({
      status: 'pending',
      country: 'DE',
      name: 'Erika Mustermann',
      card_id: 'T22**0129',
    });
    expect((await t.post('user/real_name', basic, { token: u.token })).error).toBe('verification_pending');

    const check = await pendingCheckOf(u.user.id, 1);
    expect(check).toMatchObject({
      tier: 1,
      country: 'DE',
      name: 'Erika Mustermann',
      card_id: 'T22000129',
      user: { email: u.email },
    });
    expect((await t.post(`admin/identity/${check.id}/approve`, {}, { token: operator })).message).toEqual({
      id: check.id,
      status: 'verified',
    });
    const center = await t.get('user/center', { token: u.token });
    expect(center.message).toMatchObject({ review_status: 2, name: 'Erika Mustermann', card_id: 'T22**0129' });
    expect((await t.get('user/center2', { token: u.token })).message.basic.status).toBe('verified');
    expect((await t.post('user/real_name', basic, { token: u.token })).error).toBe('already_verified');

    const messages = await t.get('user/messages', { token: u.token, lang: 'hk' });
    expect(messages.message.list[0]).toMatchObject({ kind: 'identity', title: '實名認證已通過' });

    // Reviewing it again changes nothing.
    expect((await t.post(`admin/identity/${check.id}/approve`, {}, { token: operator })).error).toBe('already_reviewed');
    expect((await t.post(`admin/identity/${check.id}/reject`, { reason: 'x' }, { token: operator })).error).toBe(
      'already_reviewed',
    );
    expect((await t.get('user/center', { token: u.token })).message.review_status).toBe(2);
    expect((await t.get('user/messages', { token: u.token })).message.total).toBe(1);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `identity_check:${check.id}`));
    expect(audit.map((a) => a.action)).toEqual(['identity.approve']);
  });

  it('may be submitted again after a rejection, whose reason the user reads', async () => {
    const u = await registerEmailUser(t);
    await t.post('user/real_name', basic, { token: u.token });
    const check = await pendingCheckOf(u.user.id, 1);
    expect((await t.post(`admin/identity/${check.id}/reject`, {}, { token: operator })).error).toBe('field_required');
    await t.post(`admin/identity/${check.id}/reject`, { reason: 'The photo is blurred' }, { token: operator });
    expect((await t.get('user/center', { token: u.token })).message.review_status).toBe(3);
    expect((await t.get('user/center2', { token: u.token })).message.basic).toMatchObject({
      status: 'rejected',
      reject_reason: 'The photo is blurred',
    });
    expect((await t.post('user/real_name', { ...basic, name: 'Erika M.' }, { token: u.token })).message.status).toBe('pending');
    expect((await t.get('user/center2', { token: u.token })).message.basic).toMatchObject({
      status: 'pending',
      reject_reason: null,
      name: 'Erika M.',
    });
  });

  it('checks the fields', async () => {
    const { token } = await registerEmailUser(t);
    const empty = await t.post('user/real_name', {}, { token });
    expect(Object.keys(empty.fields ?? {}).sort()).toEqual(['card_id', 'country', 'name']);
    expect((await t.post('user/real_name', { ...basic, country: 'Germany' }, { token })).fields).toHaveProperty('country');
    expect((await t.post('user/real_name', { ...basic, card_id: '12' }, { token })).error).toBe('field_invalid');
    expect((await t.post('user/real_name', { ...basic, name: 'x'.repeat(101) }, { token })).error).toBe('field_invalid');
    expect((await t.get('user/center', { token })).message.review_status).toBe(0);
  });

  it('takes one of two simultaneous submissions', async () => {
    const { token } = await registerEmailUser(t);
    const replies = await Promise.all([1, 2, 3].map(() => t.post('user/real_name', basic, { token })));
    expect(replies.filter((r) => r.type === 'ok')).toHaveLength(1);
    expect(replies.filter((r) => r.error === 'verification_pending')).toHaveLength(2);
  });
});

describe('advanced verification (user/real_name2)', () => {
  it('needs basic verification first', async () => {
    const u = await registerEmailUser(t);
    const reply = await t.post('user/real_name2', { address: 'Somewhere 1', ...(await photos(u.token)) }, { token: u.token });
    expect(reply.error).toBe('basic_first');
  });

  it("takes three of the user's own photos, and the review follows", async () => {
    const u = await verifiedBasic();
    const other = await registerEmailUser(t);
    const mine = await photos(u.token);
    const theirs = await uploadId(t, other.token, 'id_front');

    expect(
      await t.post('user/real_name2', { address: 'Hauptstr. 1, Berlin', ...mine, front_pic: theirs }, { token: u.token }),
    ).toMatchObject({
      error: 'not_found',
      fields: { front_pic: expect.any(String) },
    });
    const { hand_pic: _, ...missing } = mine;
    expect(await t.post('user/real_name2', { address: 'Hauptstr. 1, Berlin', ...missing }, { token: u.token })).toMatchObject({
      error: 'upload_required',
      fields: { hand_pic: expect.any(String) },
    });
    expect((await t.post('user/real_name2', mine, { token: u.token })).error).toBe('field_required');

    expect((await t.post('user/real_name2', { address: 'Hauptstr. 1, Berlin', ...mine }, { token: u.token })).message).toEqual({
      status: 'pending',
    });
    expect((await t.get('user/center', { token: u.token })).message.advanced_user).toBe(1);
    expect((await t.post('user/real_name2', { address: 'x', ...mine }, { token: u.token })).error).toBe('verification_pending');

    const check = await pendingCheckOf(u.user.id, 2);
    expect(check).toMatchObject({
      tier: 2,
      address: 'Hauptstr. 1, Berlin',
      front_url: `/api/upload/${mine.front_pic}`,
      back_url: `/api/upload/${mine.reverse_pic}`,
      hand_url: `/api/upload/${mine.hand_pic}`,
    });
    // The operator can open the photos.
    const photo = await t.app.inject({ method: 'GET', url: check.front_url, headers: { authorization: operator } });
    expect(photo.statusCode).toBe(200);

    await t.post(`admin/identity/${check.id}/reject`, { reason: 'Hand photo missing' }, { token: operator });
    expect((await t.get('user/center2', { token: u.token })).message.advanced).toMatchObject({
      status: 'rejected',
      reject_reason: 'Hand photo missing',
    });
    expect((await t.get('user/center', { token: u.token })).message).toMatchObject({ review_status: 2, advanced_user: 3 });

    await t.post('user/real_name2', { address: 'Hauptstr. 1, Berlin', ...mine }, { token: u.token });
    const again = await pendingCheckOf(u.user.id, 2);
    await t.post(`admin/identity/${again.id}/approve`, {}, { token: operator });
    expect((await t.get('user/center', { token: u.token })).message.advanced_user).toBe(2);
    expect((await t.post('user/real_name2', { address: 'x', ...mine }, { token: u.token })).error).toBe('already_verified');
    const titles = (await t.get('user/messages', { token: u.token })).message.list.map((m: { title: string }) => m.title);
    expect(titles).toEqual(['Advanced verification passed', 'Advanced verification rejected', 'Verification passed']);
  });
});

describe('console verification list', () => {
  it('filters by state and tier, refuses bad filters, and is for operators only', async () => {
    await verifiedBasic();
    const verified = await t.get('admin/identity?status=verified&tier=1', { token: operator });
    expect(verified.message.total).toBeGreaterThan(0);
    expect(verified.message.list.every((c: { status: string; tier: number }) => c.status === 'verified' && c.tier === 1)).toBe(
      true,
    );
    expect((await t.get('admin/identity?tier=3', { token: operator })).error).toBe('field_invalid');
    expect((await t.get('admin/identity?status=done', { token: operator })).error).toBe('field_invalid');
    const { token } = await registerEmailUser(t);
    expect((await t.get('admin/identity', { token })).type).toBe('999');
    expect((await t.post('admin/identity/1/approve', {}, { token })).type).toBe('999');
    expect((await t.post('admin/identity/987654/approve', {}, { token: operator })).error).toBe('not_found');
  });
});
