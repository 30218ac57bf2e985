import { authApi, emailSchema, okReply, phoneSchema } from '@app/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { translate } from '../../i18n/messages.js';
import { AppError } from '../../lib/app-error.js';
import { requestLang } from '../../lib/lang.js';
import { ok } from '../../lib/reply.js';
import { signInLockout } from '../../lib/sign-in-lockout.js';
import type { Channel } from '../../notify/notifier.js';
import { checkCode, contactTarget, issueCode } from '../codes/service.js';
import {
  assertBindable,
  bindContact,
  changePassword,
  findByContact,
  forget,
  login,
  logout,
  missingContactType,
  primaryTarget,
  register,
  requireAreaCode,
  setPayPassword,
  toUserCenter,
} from './service.js';

/** Tighter per-IP limits on the routes that guess secrets or send messages. */
const limit = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });
const tags = ['auth'];
const done = { 200: okReply(authApi.doneText) };

/** Parses an account string of one channel with the shared schema, reporting the field like a body error. */
function parseContact(channel: Channel, value: string) {
  const result = (channel === 'sms' ? phoneSchema : emailSchema).safeParse(value);
  if (!result.success) {
    const code = result.error.issues[0]?.message as 'phone_invalid' | 'email_invalid';
    throw new AppError(code, { fields: { user_string: code } });
  }
  return result.data;
}

export async function authRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, tokenTtlHours: app.config.tokenTtlHours, lockout: signInLockout(app) };

  /** Sends a code for one of the scenes; the channel is fixed by the route (SMS or e-mail). */
  const sendCode = (channel: Channel) => async (request: FastifyRequest<{ Body: z.infer<typeof authApi.sendCodeBody> }>) => {
    const body = request.body;
    const lang = requestLang(request);
    const type = channel === 'sms' ? 'mobile' : 'email';
    let target: string;
    if (body.scene === 'register' || body.scene === 'forget') {
      const value = parseContact(channel, body.user_string);
      const areaCode = await requireAreaCode(app.db, type, body.area_code);
      const account = await findByContact(app.db, type, value, areaCode);
      if (body.scene === 'register' && account)
        throw new AppError('account_exists', { fields: { user_string: 'account_exists' } });
      // A reset for an unknown account answers like any other, so the form can't be used to probe accounts.
      if (body.scene === 'forget' && !account) return ok(translate(lang, 'code_sent'));
      target = contactTarget(channel, value, areaCode);
    } else {
      await app.requireUser(request);
      const user = request.user!;
      if (body.scene === 'bind') {
        const value = parseContact(channel, body.user_string);
        const areaCode = await requireAreaCode(app.db, type, body.area_code);
        await assertBindable(app.db, user, type, value, areaCode);
        target = contactTarget(channel, value, areaCode);
      } else {
        // Codes that authorise account actions only ever go to the account's own contact.
        const own = primaryTarget(user);
        if (own.channel !== channel) throw new AppError('validation_failed', { fields: { user_string: 'validation_failed' } });
        target = own.target;
      }
    }
    await issueCode({
      db: app.db,
      notifier: app.notifier,
      lang,
      channel,
      target,
      scene: body.scene,
      ip: request.ip,
      codesPerIpHour: app.config.codesPerIpHour,
    });
    return ok(translate(lang, 'code_sent'));
  };

  app.post(
    '/sms_send',
    // Signed out for sign-up and reset codes, signed in for the others (`scene`).
    {
      schema: { tags, summary: 'Send a code by SMS', body: authApi.sendCodeBody, response: done },
      config: { ...limit(10), auth: 'optional' },
    },
    sendCode('sms'),
  );
  app.post(
    '/sms_mail',
    {
      schema: { tags, summary: 'Send a code by e-mail', body: authApi.sendCodeBody, response: done },
      config: { ...limit(10), auth: 'optional' },
    },
    sendCode('email'),
  );

  /** Step one of the reset form: checks the code without spending it. */
  const check = (channel: Channel) => async (request: FastifyRequest<{ Body: z.infer<typeof authApi.checkCodeBody> }>) => {
    const body = request.body;
    const type = channel === 'sms' ? 'mobile' : 'email';
    const value = parseContact(channel, body.user_string);
    const areaCode = await requireAreaCode(app.db, type, body.area_code);
    await checkCode(app.db, contactTarget(channel, value, areaCode), body.scene, body.code);
    return ok(translate(requestLang(request), 'code_checked'));
  };
  app.post(
    '/user/check_mobile',
    { schema: { tags, summary: 'Check an SMS code', body: authApi.checkCodeBody, response: done }, config: limit(20) },
    check('sms'),
  );
  app.post(
    '/user/check_email',
    { schema: { tags, summary: 'Check an e-mail code', body: authApi.checkCodeBody, response: done }, config: limit(20) },
    check('email'),
  );

  app.post(
    '/user/register',
    {
      schema: {
        tags,
        summary: 'Register by phone or e-mail',
        body: authApi.registerBody,
        response: { 200: okReply(authApi.loginReply) },
      },
      config: limit(10),
    },
    async (request) => ok(await register(deps, request.body, client(request), requestLang(request))),
  );

  app.post(
    '/user/login',
    {
      schema: {
        tags,
        summary: 'Log in with phone or e-mail',
        body: authApi.loginBody,
        response: { 200: okReply(authApi.loginReply) },
      },
      config: limit(10),
    },
    async (request) => ok(await login(deps, request.body, client(request))),
  );

  app.post(
    '/user/logout',
    { schema: { tags, summary: 'Log out (revokes the token)', response: done }, preHandler: app.requireUser },
    async (request) => {
      await logout(app.db, request.user!.sessionId);
      return ok(translate(requestLang(request), 'logged_out'));
    },
  );

  app.post(
    '/user/forget',
    {
      schema: { tags, summary: 'Reset the login password with a code', body: authApi.forgetBody, response: done },
      config: limit(10),
    },
    async (request) => {
      await forget(deps, request.body);
      return ok(translate(requestLang(request), 'password_reset'));
    },
  );

  app.get(
    '/user/center',
    {
      schema: { tags, summary: 'The signed-in user', response: { 200: okReply(authApi.centerReply) } },
      preHandler: app.requireUser,
    },
    async (request) => ok(toUserCenter(request.user!)),
  );

  app.post(
    '/user/has_password',
    {
      schema: { tags, summary: 'Whether a fund password is set', response: { 200: okReply(authApi.hasPasswordReply) } },
      preHandler: app.requireUser,
    },
    async (request) => ok({ has_password: Boolean(request.user!.payPasswordHash) }),
  );

  app.post(
    '/safe/update_password',
    {
      schema: { tags, summary: 'Change the login password', body: authApi.updatePasswordBody, response: done },
      preHandler: app.requireUser,
      config: limit(10),
    },
    async (request) => {
      await changePassword(app.db, request.user!, request.body);
      return ok(translate(requestLang(request), 'password_changed'));
    },
  );

  app.post(
    '/user/e_pwd',
    {
      schema: { tags, summary: 'Set or change the fund password', body: authApi.payPasswordBody, response: done },
      preHandler: app.requireUser,
      config: limit(10),
    },
    async (request) => {
      await setPayPassword(app.db, request.user!, request.body);
      return ok(translate(requestLang(request), 'pay_password_set'));
    },
  );

  app.post(
    '/set/sms_other_mail',
    {
      schema: {
        tags,
        summary: 'Send a code to the contact the user did not register with',
        body: authApi.otherContactBody,
        response: done,
      },
      preHandler: app.requireUser,
      config: limit(10),
    },
    async (request) => {
      const user = request.user!;
      const type = missingContactType(user);
      const channel: Channel = type === 'mobile' ? 'sms' : 'email';
      const value = parseContact(channel, request.body.user_string);
      const areaCode = await requireAreaCode(app.db, type, request.body.area_code);
      await assertBindable(app.db, user, type, value, areaCode);
      const lang = requestLang(request);
      await issueCode({
        db: app.db,
        notifier: app.notifier,
        lang,
        channel,
        target: contactTarget(channel, value, areaCode),
        scene: 'bind',
        ip: request.ip,
        codesPerIpHour: app.config.codesPerIpHour,
      });
      return ok(translate(lang, 'code_sent'));
    },
  );

  app.post(
    '/user/bind',
    {
      schema: { tags, summary: 'Bind the other contact with its code', body: authApi.bindContactBody, response: done },
      preHandler: app.requireUser,
      config: limit(10),
    },
    async (request) => {
      await bindContact(app.db, request.user!, request.body);
      return ok(translate(requestLang(request), 'contact_bound'));
    },
  );
}
