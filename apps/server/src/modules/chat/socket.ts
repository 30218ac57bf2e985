import type { Lang } from '@app/shared';
import { isLang } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { Namespace, Server } from 'socket.io';
import { translate } from '../../i18n/messages.js';
import { AppError } from '../../lib/app-error.js';
import { findUserByToken } from '../../plugins/auth.js';
import { findAdminByToken } from './repo.js';
import { AGENTS_ROOM, type Agent, type ChatService, conversationRoom, isSupportRole } from './service.js';

/** The namespace of the support chat; clients connect to it on the app's one socket.io connection. */
export const SUPPORT_NAMESPACE = '/support';

type SupportData = { lang: Lang; userId?: number; conversationId?: number; agent?: Agent };
type Ack = (reply: unknown) => void;

/** A socket may send this many messages per window; more are refused with rate_limited. */
const SEND_BURST = 20;
const SEND_WINDOW_MS = 10_000;

const tokenOf = (raw: unknown) => (typeof raw === 'string' ? raw.replace(/^bearer\s+/i, '').trim() : '');

/**
 * The `/support` namespace. The handshake's `auth` decides who the socket is, and nothing else:
 * `{token}` is a user's sign-in token — the socket joins that user's own conversation room only;
 * `{token, agent: true}` is a console token of an operator with a support role — the socket joins the
 * agents' room and may act on any conversation. A missing or bad token, or an operator without the
 * role, is refused at connection (connect_error), so such a socket never receives anything.
 *
 * Events (each with an acknowledgement `{ok: true, ...}` or `{ok: false, error, message}`):
 * `chat:send {client_id, text | upload_id, conversation_id (agents)}`, `chat:read {up_to,
 * conversation_id (agents)}`, `chat:history {after_id | before_id, limit, conversation_id (agents)}`.
 * Pushed: `chat:message`, `chat:read`, `chat:conversation` (agents).
 */
export function attachSupportNamespace(app: FastifyInstance, io: Server, chat: ChatService): Namespace {
  const nsp = io.of(SUPPORT_NAMESPACE);

  nsp.use(async (socket, next) => {
    const auth = (socket.handshake.auth ?? {}) as { token?: unknown; agent?: unknown; lang?: unknown };
    const data = socket.data as SupportData;
    data.lang = isLang(auth.lang) ? auth.lang : 'en';
    const token = tokenOf(auth.token);
    const refuse = (code: 'not_logged_in' | 'support_role_required') => {
      const error = new Error(code) as Error & { data?: unknown };
      error.data = { error: code, message: translate(data.lang, code) };
      next(error);
    };
    if (token.length < 20 || token.length > 200) return refuse('not_logged_in');
    try {
      if (auth.agent === true) {
        const admin = await findAdminByToken(app.db, token);
        if (!admin) return refuse('not_logged_in');
        if (!isSupportRole(admin.role)) return refuse('support_role_required');
        data.agent = admin;
        return next();
      }
      const user = await findUserByToken(app.db, token);
      if (!user) return refuse('not_logged_in');
      data.userId = user.id;
      data.conversationId = (await chat.conversationOfUser(user.id)).id;
      return next();
    } catch (error) {
      app.log.warn({ err: error }, 'support socket handshake failed');
      return refuse('not_logged_in');
    }
  });

  nsp.on('connection', (socket) => {
    const data = socket.data as SupportData;
    if (data.agent) void socket.join(AGENTS_ROOM);
    else if (data.conversationId) void socket.join(conversationRoom(data.conversationId));
    let windowStart = Date.now();
    let sent = 0;

    /** Runs a handler and acknowledges its result, or the refusal in the socket's language. */
    const handle = (event: string, run: (payload: Record<string, unknown>) => Promise<unknown>) => {
      socket.on(event, async (payload: unknown, ack?: unknown) => {
        const reply = typeof ack === 'function' ? (ack as Ack) : () => {};
        try {
          const body = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
          reply({ ok: true, ...((await run(body)) as object) });
        } catch (error) {
          if (error instanceof AppError) {
            reply({
              ok: false,
              error: error.code,
              message: translate(data.lang, error.code, error.options.values),
              fields: error.options.fields,
            });
          } else {
            app.log.error({ err: error }, `support socket ${event} failed`);
            reply({ ok: false, error: 'internal_error', message: translate(data.lang, 'internal_error') });
          }
        }
      });
    };

    /** The conversation an event is about: the user's own (whatever they name), or the one an agent names. */
    const target = async (body: Record<string, unknown>) => {
      if (!data.agent) {
        const conversation = await chat.requireConversation(data.conversationId!);
        return conversation;
      }
      const id = Number(body.conversation_id);
      if (!Number.isInteger(id) || id <= 0) throw new AppError('not_found');
      return chat.requireConversation(id);
    };

    handle('chat:send', async (body) => {
      if (Date.now() - windowStart > SEND_WINDOW_MS) {
        windowStart = Date.now();
        sent = 0;
      }
      if (++sent > SEND_BURST) throw new AppError('rate_limited');
      const conversation = await target(body);
      const message = await chat.send(conversation.id, data.agent ? 'agent' : 'user', data.agent, conversation.userId, {
        clientId: typeof body.client_id === 'string' ? body.client_id : undefined,
        text: body.text,
        uploadId: typeof body.upload_id === 'string' && body.upload_id ? body.upload_id : undefined,
        lang: data.lang,
      });
      return { message };
    });

    handle('chat:read', async (body) => {
      const conversation = await target(body);
      const upTo = Number(body.up_to);
      if (!Number.isSafeInteger(upTo) || upTo < 0) throw new AppError('field_invalid', { fields: { up_to: 'field_invalid' } });
      return chat.read(conversation.id, data.agent ? 'agent' : 'user', upTo);
    });

    handle('chat:history', async (body) => {
      const conversation = await target(body);
      const num = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : Number(v));
      const afterId = num(body.after_id);
      const beforeId = num(body.before_id);
      const limit = num(body.limit);
      for (const v of [afterId, beforeId, limit]) {
        if (v !== undefined && (!Number.isSafeInteger(v) || v < 0)) throw new AppError('field_invalid');
      }
      return chat.history(conversation.id, { afterId, beforeId, limit });
    });
  });

  return nsp;
}
