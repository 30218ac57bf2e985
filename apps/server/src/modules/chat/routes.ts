import { chatApi, okReply } from '@app/shared';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import { requestLang } from '../../lib/lang.js';
import { ok, sendUpload } from '../../lib/reply.js';
import { deleteSetting, getSetting, putSetting } from '../../lib/settings.js';
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

  const auth = { preHandler: app.requireUser };
  /** A console token and a support role (until per-role permissions exist: super and support). */
  const requireAgent = async (request: FastifyRequest) => {
    await app.requireAdmin(request);
    if (!isSupportRole(request.admin!.role)) throw new AppError('support_role_required', { status: 403 });
  };
  // Console roles: super and support.
  // hardening: checked before the body is validated, like every console route.
  const agent = { preValidation: requireAgent, config: { roles: SUPPORT_CONSOLE_ROLES } };

  await app.register(multipart, {
    limits: { files: 1, fileSize: UPLOAD_MAX_BYTES, fields: 2, parts: 3, fieldSize: 200, fieldNameSize: 50, headerPairs: 20 },
  });

  app.post(
    '/set/get_customer_url',
    {
      schema: {
        tags,
        summary: 'The customer-service URL: an external one when operators set it, else the built-in chat',
        response: { 200: okReply(chatApi.customerUrlReply) },
      },
    },
    async () => {
      const stored = await getSetting<unknown>(app.db, CUSTOMER_URL_KEY);
      const external = typeof stored === 'string' && stored ? stored : null;
      return ok({ customer_url: external ?? BUILTIN_CHAT_URL, builtin: external === null });
    },
  );

  app.post(
    '/chat/open',
    {
      ...auth,
      schema: {
        tags,
        summary: "Opens the user's conversation: the newest 50 messages, unread count, read marks, the greeting and the hours",
        response: { 200: okReply(chatApi.openReply) },
      },
    },
    async (request) => ok(await chat.open(request.user!.id, requestLang(request))),
  );

  app.get(
    '/chat/messages',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Messages after after_id (catch-up after a reconnect) or before before_id (older)',
        querystring: chatApi.historyQuery,
        response: { 200: okReply(chatApi.historyReply) },
      },
    },
    async (request) => {
      const conversation = await chat.conversationOfUser(request.user!.id);
      const { after_id, before_id, limit } = request.query;
      return ok(await chat.history(conversation.id, { afterId: after_id, beforeId: before_id, limit }));
    },
  );

  app.post(
    '/chat/send',
    {
      ...auth,
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: `Send text (1..${CHAT_MAX_CHARS} characters, plain text) or an image (upload_id of an own upload); client_id makes resends safe`,
        body: chatApi.sendBody,
        response: { 200: okReply(chatApi.sendReply) },
      },
    },
    async (request) => {
      const conversation = await chat.conversationOfUser(request.user!.id);
      return ok(
        await chat.send(conversation.id, 'user', undefined, request.user!.id, {
          clientId: request.body.client_id,
          text: request.body.text,
          uploadId: request.body.upload_id || undefined,
          lang: requestLang(request),
        }),
      );
    },
  );

  app.post(
    '/chat/read',
    {
      ...auth,
      schema: {
        tags,
        summary: "Marks the agents' messages up to up_to as read",
        body: chatApi.readBody,
        response: { 200: okReply(chatApi.readReply) },
      },
    },
    async (request) => {
      const conversation = await chat.conversationOfUser(request.user!.id);
      return ok(await chat.read(conversation.id, 'user', request.body.up_to));
    },
  );

  app.get(
    '/chat/unread',
    {
      ...auth,
      schema: { tags, summary: "Agents' messages the user has not read", response: { 200: okReply(chatApi.unreadReply) } },
    },
    async (request) => ok({ count: await chat.userUnread(request.user!.id) }),
  );

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

  app.get(
    '/admin/chat/conversations',
    {
      ...agent,
      schema: {
        tags: consoleTags,
        summary: 'The queue: conversations with messages, newest activity first (all, mine, unassigned)',
        querystring: chatApi.conversationsQuery,
        response: { 200: okReply(chatApi.conversationsReply) },
      },
    },
    async (request) => ok(await chat.deskQueue(request.admin!.id, request.query.filter, request.query.page, request.query.limit)),
  );

  app.get(
    '/admin/chat/unread',
    {
      ...agent,
      schema: {
        tags: consoleTags,
        summary: 'Unread user messages across the desk',
        response: { 200: okReply(chatApi.unreadReply) },
      },
    },
    async () => ok({ count: await chat.deskUnread() }),
  );

  app.get(
    '/admin/chat/conversations/:id',
    {
      ...agent,
      schema: {
        tags: consoleTags,
        summary: "One conversation: the user's profile and verification, newest messages",
        params: chatApi.idParams,
        response: { 200: okReply(chatApi.deskConversationReply) },
      },
    },
    async (request) => ok(await chat.deskConversation(request.params.id)),
  );

  app.get(
    '/admin/chat/conversations/:id/messages',
    {
      ...agent,
      schema: {
        tags: consoleTags,
        summary: 'Older or newer messages',
        params: chatApi.idParams,
        querystring: chatApi.historyQuery,
        response: { 200: okReply(chatApi.historyReply) },
      },
    },
    async (request) => {
      const conversation = await chat.requireConversation(request.params.id);
      const { after_id, before_id, limit } = request.query;
      return ok(await chat.history(conversation.id, { afterId: after_id, beforeId: before_id, limit }));
    },
  );

  app.post(
    '/admin/chat/conversations/:id/assign',
    {
      ...agent,
      schema: {
        tags: consoleTags,
        summary: 'Assign the conversation to me (audited)',
        params: chatApi.idParams,
        response: { 200: okReply(chatApi.assignReply) },
      },
    },
    async (request) => ok(await chat.assignToMe(request, request.params.id)),
  );

  app.post(
    '/admin/chat/conversations/:id/messages',
    {
      ...agent,
      schema: {
        tags: consoleTags,
        summary: 'Reply with text or an image uploaded with admin/chat/upload (audited)',
        params: chatApi.idParams,
        body: chatApi.sendBody,
        response: { 200: okReply(chatApi.sendReply) },
      },
    },
    async (request) =>
      ok(
        await chat.agentReply(request, request.params.id, {
          clientId: request.body.client_id,
          text: request.body.text,
          uploadId: request.body.upload_id || undefined,
        }),
      ),
  );

  app.post(
    '/admin/chat/conversations/:id/read',
    {
      ...agent,
      schema: {
        tags: consoleTags,
        summary: "Marks the user's messages up to up_to as read",
        params: chatApi.idParams,
        body: chatApi.readBody,
        response: { 200: okReply(chatApi.readReply) },
      },
    },
    async (request) => {
      const conversation = await chat.requireConversation(request.params.id);
      return ok(await chat.read(conversation.id, 'agent', request.body.up_to));
    },
  );

  app.post(
    '/admin/chat/upload',
    {
      ...agent,
      config: { ...agent.config, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: consoleTags,
        summary: 'Upload an image for a reply (multipart: file); JPEG, PNG or WebP, at most 5 MB',
        consumes: ['multipart/form-data'],
        response: { 200: okReply(chatApi.uploadReply) },
      },
    },
    async (request) => {
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
      return ok(await chat.storeAgentImage(request.admin!.id, file));
    },
  );

  app.get(
    '/admin/chat/settings',
    {
      ...agent,
      schema: {
        tags: consoleTags,
        summary: 'The external customer-service URL (empty: built-in chat)',
        response: { 200: okReply(chatApi.settingsReply) },
      },
    },
    async () => {
      const stored = await getSetting<unknown>(app.db, CUSTOMER_URL_KEY);
      return ok({ customer_url: typeof stored === 'string' ? stored : '' });
    },
  );

  app.post(
    '/admin/chat/settings',
    {
      ...agent,
      schema: {
        tags: consoleTags,
        summary: 'Set (https URL) or clear (empty) the external customer-service URL; audited',
        body: chatApi.settingsBody,
        response: { 200: okReply(chatApi.settingsReply) },
      },
    },
    async (request) => {
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
      return ok({ customer_url: value });
    },
  );

  app.get(
    '/admin/chat/greeting',
    {
      ...agent,
      schema: {
        tags: consoleTags,
        summary: "The chat's greeting per language and the opening hours (null: always open)",
        response: { 200: okReply(chatApi.greetingReply) },
      },
    },
    async () => ok(await readSupportChat(app.db)),
  );

  app.post(
    '/admin/chat/greeting',
    {
      ...agent,
      schema: {
        tags: consoleTags,
        summary:
          'Set the greeting per language (English is the fallback; none: the built-in greeting) and the hours per weekday in a time zone (null: always open); audited',
        body: supportChatSchema,
        response: { 200: okReply(chatApi.greetingReply) },
      },
    },
    async (request) => {
      const value = normalise(request.body);
      await app.db.transaction(async (tx) => {
        const before = await readSupportChat(tx);
        await writeSupportChat(tx, value);
        await audit(tx, request, 'chat.greeting', `setting:${SUPPORT_CHAT_KEY}`, before, value);
      });
      return ok(value);
    },
  );
}
