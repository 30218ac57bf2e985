import { authApi, emailSchema, phoneSchema } from '@app/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type MessageKey, translate } from '../../i18n/messages.js';
import { AppError } from '../../lib/app-error.js';
import { requestLang } from '../../lib/lang.js';
import { signInLockout } from '../../lib/sign-in-lockout.js';
import type { Channel } from '../../notify/notifier.js';
import type { AuthUser } from '../../plugins/auth.js';
import { anyone, type RouteRequest, routeGroup, signedIn } from '../../plugins/route-group.js';
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

const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });
const tags = ['auth'];

/** Parses an account string of one channel with the shared schema, reporting the field like a body error. */
function parseContact(channel: Channel, value: string) {
  const result = (channel === 'sms' ? phoneSchema : emailSchema).safeParse(value);
  if (!result.success) {
    const code = result.error.issues[0]?.message as 'phone_invalid' | 'email_invalid';
    throw new AppError(code, { fields: { user_string: code } });
  }
  return result.data;
}

/** The requests of the code routes, one handler for both channels (SMS, e-mail). */
type SendCodeRequest = RouteRequest<undefined, undefined, typeof authApi.sendCodeBody>;
type CheckCodeRequest = RouteRequest<undefined, undefined, typeof authApi.checkCodeBody>;

export async function authRoutes(app: FastifyInstance) {
  const deps = { db: app.db, tokenTtlHours: app.config.tokenTtlHours, lockout: signInLockout(app) };
  const everyone = routeGroup(app, tags, anyone);
  const user = routeGroup(app, tags, signedIn);

  /** Sends a code for one of the scenes; the channel is fixed by the route (SMS or e-mail). */
  const sendCode = (channel: Channel) => async (request: SendCodeRequest) => {
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
      if (body.scene === 'forget' && !account) return translate(lang, 'code_sent');
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
    return translate(lang, 'code_sent');
  };

  // Signed out for sign-up and reset codes, signed in for the others (`scene`).
  const codes = routeGroup(app, tags, { ...anyone, tokenInHandler: true });
  const codeRoute = { body: authApi.sendCodeBody, reply: authApi.doneText, rateLimitPerMinute: 10 };
  codes.post('/sms_send', { summary: 'Send a code by SMS', ...codeRoute, handler: sendCode('sms') });
  codes.post('/sms_mail', { summary: 'Send a code by e-mail', ...codeRoute, handler: sendCode('email') });

  /** Step one of the reset form: checks the code without spending it. */
  const check = (channel: Channel) => async (request: CheckCodeRequest) => {
    const body = request.body;
    const type = channel === 'sms' ? 'mobile' : 'email';
    const value = parseContact(channel, body.user_string);
    const areaCode = await requireAreaCode(app.db, type, body.area_code);
    await checkCode(app.db, contactTarget(channel, value, areaCode), body.scene, body.code);
    return translate(requestLang(request), 'code_checked');
  };
  const checkRoute = { body: authApi.checkCodeBody, reply: authApi.doneText, rateLimitPerMinute: 20 };
  everyone.post('/user/check_mobile', { summary: 'Check an SMS code', ...checkRoute, handler: check('sms') });
  everyone.post('/user/check_email', { summary: 'Check an e-mail code', ...checkRoute, handler: check('email') });

  everyone.post('/user/register', {
    summary: 'Register by phone or e-mail',
    body: authApi.registerBody,
    reply: authApi.loginReply,
    rateLimitPerMinute: 10,
    handler: (request) => register(deps, request.body, client(request), requestLang(request)),
  });

  everyone.post('/user/login', {
    summary: 'Log in with phone or e-mail',
    body: authApi.loginBody,
    reply: authApi.loginReply,
    rateLimitPerMinute: 10,
    handler: (request) => login(deps, request.body, client(request)),
  });

  user.post('/user/logout', {
    summary: 'Log out (revokes the token)',
    reply: authApi.doneText,
    handler: async (request) => {
      await logout(app.db, request.user!.sessionId);
      return translate(requestLang(request), 'logged_out');
    },
  });

  everyone.post('/user/forget', {
    summary: 'Reset the login password with a code',
    body: authApi.forgetBody,
    reply: authApi.doneText,
    rateLimitPerMinute: 10,
    handler: async (request) => {
      await forget(deps, request.body);
      return translate(requestLang(request), 'password_reset');
    },
  });

  user.get('/user/center', {
    summary: 'The signed-in user',
    reply: authApi.centerReply,
    handler: (request) => toUserCenter(request.user!),
  });

  user.post('/user/has_password', {
    summary: 'Whether a fund password is set',
    reply: authApi.hasPasswordReply,
    handler: (request) => ({ has_password: Boolean(request.user!.payPasswordHash) }),
  });

  /** A change to the signed-in user's account, at most 10 a minute, answered with its confirmation. */
  const accountChange = <B extends z.ZodType>(
    url: string,
    summary: string,
    body: B,
    change: (db: Db, user: AuthUser, body: z.output<B>) => Promise<void>,
    done: MessageKey,
  ) =>
    user.post(url, {
      summary,
      body,
      reply: authApi.doneText,
      rateLimitPerMinute: 10,
      handler: async (request) => {
        await change(app.db, request.user!, request.body as z.output<B>);
        return translate(requestLang(request), done);
      },
    });

  accountChange(
    '/safe/update_password',
    'Change the login password',
    authApi.updatePasswordBody,
    changePassword,
    'password_changed',
  );

  accountChange('/user/e_pwd', 'Set or change the fund password', authApi.payPasswordBody, setPayPassword, 'pay_password_set');

  user.post('/set/sms_other_mail', {
    summary: 'Send a code to the contact the user did not register with',
    body: authApi.otherContactBody,
    reply: authApi.doneText,
    rateLimitPerMinute: 10,
    handler: async (request) => {
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
      return translate(lang, 'code_sent');
    },
  });

  accountChange('/user/bind', 'Bind the other contact with its code', authApi.bindContactBody, bindContact, 'contact_bound');
}
