import { chatApi } from '@app/shared';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import { requestLang } from '../../lib/lang.js';
import { sendUpload } from '../../lib/reply.js';
import { deleteSetting, getSetting, putSetting } from '../../lib/settings.js';
import { anyone, consoleRoles, routeGroup, signedIn } from '../../plugins/route-group.js';
import { UPLOAD_MAX_BYTES } from '../uploads/service.js';
import {
  BUILTIN_CHAT_URL,
  CHAT_MAX_CHARS,
  ChatService,
  CUSTOMER_URL_KEY,
  isSupportRole,
  SUPPORT_CONSOLE_ROLES,
} from './service.js';
import { attachSupportNamespace } from './socket.js';
import { normalise, readSupportChat, SUPPORT_CHAT_KEY, supportChatSchema, writeSupportChat } from './support-settings.js';

const tags = ['support chat'];
const consoleTags = ['console: chat desk'];
/**
 * The support chat over HTTP (history on open, unread badge, a send path for clients without the
 * socket) and the chat desk of the console; the live side is the `/support` socket namespace
 * (socket.ts). Agents need a console role of SUPPORT_ROLES.
 */
export async function chatRoutes(root: FastifyInstance, opts: { now?: () => number }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const chat = new ChatService(app.db, app.uploads, opts.now);
  app.realtime.onAttach((io) => {
    const nsp = attachSupportNamespace(app, io, chat);
    chat.setEmitter((room, event, payload) => void nsp.to(room).emit(event, payload));
  });

  /** A console token and a support role (until per-role permissions exist: super and support). */
  const requireAgent = async (request: FastifyRequest) => {
    await app.requireAdmin(request);
    if (!isSupportRole(request.admin!.role)) throw new AppError('support_role_required', { status: 403 });
  };
  /** The external customer-service URL operators set; empty while the built-in chat serves. */
  const customerUrl = async () => {
    const stored = await getSetting<unknown>(app.db, CUSTOMER_URL_KEY);
    return typeof stored === 'string' ? stored : '';
  };
  /** A page of a conversation's messages, as the user and the desk ask for one (`historyQuery`). */
  const historyOf = (conversation: { id: number }, query: z.output<typeof chatApi.historyQuery>) =>
    chat.history(conversation.id, { afterId: query.after_id, beforeId: query.before_id, limit: query.limit });
  const user = routeGroup(app, tags, signedIn);
  // Console roles: super and support.
  // hardening: checked before the body is validated, like every console route.
  const desk = routeGroup(app, consoleTags, { ...consoleRoles(...SUPPORT_CONSOLE_ROLES), check: requireAgent });

  await app.register(multipart, {
    limits: { files: 1, fileSize: UPLOAD_MAX_BYTES, fields: 2, parts: 3, fieldSize: 200, fieldNameSize: 50, headerPairs: 20 },
  });

  routeGroup(app, tags, anyone).post('/set/get_customer_url', {
    summary: 'The customer-service URL: an external one when operators set it, else the built-in chat',
    reply: chatApi.customerUrlReply,
    handler: async () => {
      const external = (await customerUrl()) || null;
      return { customer_url: external ?? BUILTIN_CHAT_URL, builtin: external === null };
    },
  });

  user.post('/chat/open', {
    summary: "Opens the user's conversation: the newest 50 messages, unread count, read marks, the greeting and the hours",
    reply: chatApi.openReply,
    handler: (request) => chat.open(request.user!.id, requestLang(request)),
  });

  user.get('/chat/messages', {
    summary: 'Messages after after_id (catch-up after a reconnect) or before before_id (older)',
    querystring: chatApi.historyQuery,
    reply: chatApi.historyReply,
    handler: async (request) => historyOf(await chat.conversationOfUser(request.user!.id), request.query),
  });

  user.post('/chat/send', {
    summary: `Send text (1..${CHAT_MAX_CHARS} characters, plain text) or an image (upload_id of an own upload); client_id makes resends safe`,
    body: chatApi.sendBody,
    reply: chatApi.sendReply,
    rateLimitPerMinute: 60,
    handler: async (request) => {
      const conversation = await chat.conversationOfUser(request.user!.id);
      return chat.send(conversation.id, 'user', undefined, request.user!.id, {
        clientId: request.body.client_id,
        text: request.body.text,
        uploadId: request.body.upload_id || undefined,
        lang: requestLang(request),
      });
    },
  });

  user.post('/chat/read', {
    summary: "Marks the agents' messages up to up_to as read",
    body: chatApi.readBody,
    reply: chatApi.readReply,
    handler: async (request) => {
      const conversation = await chat.conversationOfUser(request.user!.id);
      return chat.read(conversation.id, 'user', request.body.up_to);
    },
  });

  user.get('/chat/unread', {
    summary: "Agents' messages the user has not read",
    reply: chatApi.unreadReply,
    handler: async (request) => ({ count: await chat.userUnread(request.user!.id) }),
  });

  app.get(
    '/chat/image/:id',
    {
      config: { roles: SUPPORT_CONSOLE_ROLES, auth: 'optional' },
      schema: {
        tags,
        summary: 'An image of a chat: for the user of that conversation, or a support agent',
        params: chatApi.imageParams,
      },
    },
    async (request, reply) => {
      await app.optionalUser(request);
      let isAgent = false;
      if (!request.user) {
        await app.requireAdmin(request).catch(() => undefined);
        isAgent = Boolean(request.admin && isSupportRole(request.admin.role));
        if (!isAgent) throw new AppError('not_found');
      }
      await chat.requireImageAccess(request.params.id, { userId: request.user?.id, agent: isAgent });
      const { row, bytes } = await chat.readImage(request.params.id);
      return sendUpload(reply, row, bytes);
    },
  );

  // ---- console: the chat desk ----

  desk.get('/admin/chat/conversations', {
    summary: 'The queue: conversations with messages, newest activity first (all, mine, unassigned)',
    querystring: chatApi.conversationsQuery,
    reply: chatApi.conversationsReply,
    handler: (request) => chat.deskQueue(request.admin!.id, request.query.filter, request.query.page, request.query.limit),
  });

  desk.get('/admin/chat/unread', {
    summary: 'Unread user messages across the desk',
    reply: chatApi.unreadReply,
    handler: async () => ({ count: await chat.deskUnread() }),
  });

  desk.get('/admin/chat/conversations/:id', {
    summary: "One conversation: the user's profile and verification, newest messages",
    params: chatApi.idParams,
    reply: chatApi.deskConversationReply,
    handler: (request) => chat.deskConversation(request.params.id),
  });

  desk.get('/admin/chat/conversations/:id/messages', {
    summary: 'Older or newer messages',
    params: chatApi.idParams,
    querystring: chatApi.historyQuery,
    reply: chatApi.historyReply,
    handler: async (request) => historyOf(await chat.requireConversation(request.params.id), request.query),
  });

  desk.post('/admin/chat/conversations/:id/assign', {
    summary: 'Assign the conversation to me (audited)',
    params: chatApi.idParams,
    reply: chatApi.assignReply,
    handler: (request) => chat.assignToMe(request, request.params.id),
  });

  desk.post('/admin/chat/conversations/:id/messages', {
    summary: 'Reply with text or an image uploaded with admin/chat/upload (audited)',
    params: chatApi.idParams,
    body: chatApi.sendBody,
    reply: chatApi.sendReply,
    handler: async (request) =>
      await chat.agentReply(request, request.params.id, {
        clientId: request.body.client_id,
        text: request.body.text,
        uploadId: request.body.upload_id || undefined,
      }),
  });

  desk.post('/admin/chat/conversations/:id/read', {
    summary: "Marks the user's messages up to up_to as read",
    params: chatApi.idParams,
    body: chatApi.readBody,
    reply: chatApi.readReply,
    handler: async (request) => {
      const conversation = await chat.requireConversation(request.params.id);
      return chat.read(conversation.id, 'agent', request.body.up_to);
    },
  });

  desk.post('/admin/chat/upload', {
    summary: 'Upload an image for a reply (multipart: file); JPEG, PNG or WebP, at most 5 MB',
    consumes: ['multipart/form-data'],
    reply: chatApi.uploadReply,
    rateLimitPerMinute: 30,
    handler: async (request) => {
      let file: Buffer | undefined;
      try {
        for await (const part of request.parts()) if (part.type === 'file') file = await part.toBuffer();
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('upload_too_large', { values: { max: UPLOAD_MAX_BYTES / 1024 / 1024 } });
        if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('unsupported_media_type');
        throw new AppError('validation_failed');
      }
      if (!file || file.length === 0) throw new AppError('upload_required', { fields: { file: 'upload_required' } });
      return chat.storeAgentImage(request.admin!.id, file);
    },
  });

  desk.get('/admin/chat/settings', {
    summary: 'The external customer-service URL (empty: built-in chat)',
    reply: chatApi.settingsReply,
    handler: async () => ({ customer_url: await customerUrl() }),
  });

  desk.post('/admin/chat/settings', {
    summary: 'Set (https URL) or clear (empty) the external customer-service URL; audited',
    body: chatApi.settingsBody,
    reply: chatApi.settingsReply,
    handler: async (request) => {
      const value = request.body.customer_url;
      await app.db.transaction(async (tx) => {
        const before = await getSetting<unknown>(tx, CUSTOMER_URL_KEY);
        if (value) await putSetting(tx, CUSTOMER_URL_KEY, value);
        else await deleteSetting(tx, CUSTOMER_URL_KEY);
        await audit(
          tx,
          request,
          'chat.customer_url',
          `setting:${CUSTOMER_URL_KEY}`,
          { customer_url: before ?? '' },
          { customer_url: value },
        );
      });
      return { customer_url: value };
    },
  });

  desk.get('/admin/chat/greeting', {
    summary: "The chat's greeting per language and the opening hours (null: always open)",
    reply: chatApi.greetingReply,
    handler: () => readSupportChat(app.db),
  });

  desk.post('/admin/chat/greeting', {
    summary:
      'Set the greeting per language (English is the fallback; none: the built-in greeting) and the hours per weekday in a time zone (null: always open); audited',
    body: supportChatSchema,
    reply: chatApi.greetingReply,
    handler: async (request) => {
      const value = normalise(request.body);
      await app.db.transaction(async (tx) => {
        const before = await readSupportChat(tx);
        await writeSupportChat(tx, value);
        await audit(tx, request, 'chat.greeting', `setting:${SUPPORT_CHAT_KEY}`, before, value);
      });
      return value;
    },
  });
}
