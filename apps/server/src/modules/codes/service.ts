import type { CodeScene, Lang } from '@app/shared';
import type { Db } from '../../db/client.js';
import { translate } from '../../i18n/messages.js';
import { AppError } from '../../lib/app-error.js';
import { newCode, sha256 } from '../../lib/secrets.js';
import type { Channel, Notifier } from '../../notify/notifier.js';
import { addAttempt, countCodesSince, insertCode, latestCode, markUsed } from './repo.js';

/** How long a code lives, how soon the same target may ask again, and the caps that stop abuse. */
export const CODE_TTL_MINUTES = 10;
export const RESEND_SECONDS = 60;
export const MAX_CODES_PER_TARGET_DAY = 10;
export const MAX_WRONG_ATTEMPTS = 5;

const codeHash = (target: string, scene: string, code: string) => sha256(`${scene}:${target}:${code}`);

/** The one form of a contact under which codes are stored: "+<area><number>" or a lower-case e-mail. */
export function contactTarget(channel: Channel, value: string, areaCode?: string): string {
  return channel === 'sms' ? `+${areaCode ?? ''}${value}` : value.toLowerCase();
}

type IssueInput = {
  db: Db;
  notifier: Notifier;
  lang: Lang;
  channel: Channel;
  target: string;
  scene: CodeScene;
  ip: string;
  codesPerIpHour: number;
  now?: Date;
};

/** Creates a code for `target` and sends it, unless the target or the IP has asked too often. */
export async function issueCode(input: IssueInput): Promise<void> {
  const now = input.now ?? new Date();
  const { db, target, scene } = input;
  const last = await latestCode(db, target, scene);
  if (last && now.getTime() - last.createdAt.getTime() < RESEND_SECONDS * 1000) throw new AppError('rate_limited');
  const dayAgo = new Date(now.getTime() - 86_400_000);
  if ((await countCodesSince(db, { target }, dayAgo)) >= MAX_CODES_PER_TARGET_DAY) throw new AppError('rate_limited');
  const hourAgo = new Date(now.getTime() - 3_600_000);
  if ((await countCodesSince(db, { ip: input.ip }, hourAgo)) >= input.codesPerIpHour) throw new AppError('rate_limited');

  const code = newCode();
  await insertCode(db, {
    target,
    scene,
    codeHash: codeHash(target, scene, code),
    ip: input.ip,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
  });
  await input.notifier.send({
    channel: input.channel,
    target,
    subject: translate(input.lang, 'code_mail_subject'),
    body: translate(input.lang, 'code_mail_body', { code, minutes: CODE_TTL_MINUTES }),
    code,
  });
}

/**
 * Checks `code` against the newest code sent to `target` for `scene` without using it up. A wrong
 * guess counts against the code; after MAX_WRONG_ATTEMPTS it is dead, so six digits can't be walked.
 * Returns the code's id for consumeCode.
 */
export async function checkCode(db: Db, target: string, scene: CodeScene, code: string, now = new Date()): Promise<number> {
  const row = await latestCode(db, target, scene);
  if (!row || row.usedAt || row.expiresAt <= now || row.attempts >= MAX_WRONG_ATTEMPTS) {
    throw new AppError('code_invalid', { fields: { code: 'code_invalid' } });
  }
  if (row.codeHash !== codeHash(target, scene, code)) {
    await addAttempt(db, row.id);
    throw new AppError('code_invalid', { fields: { code: 'code_invalid' } });
  }
  return row.id;
}

/** Uses up a checked code inside the caller's transaction, so it is spent only if the action commits. */
export async function consumeCode(tx: Db, codeId: number): Promise<void> {
  if (!(await markUsed(tx, codeId))) throw new AppError('code_invalid', { fields: { code: 'code_invalid' } });
}
