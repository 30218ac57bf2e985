import { type ConsoleRole, type Lang, roleAllows } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import { userText } from '../../lib/user-text.js';
import { findUpload, requireOwnUpload, saveImage, UPLOAD_ID_PATTERN, uploadBytes } from '../uploads/service.js';
import type { UploadStorage } from '../uploads/storage.js';
import { lastClosing } from './hours.js';
import {
  adminEmail,
  type ConversationRow,
  conversationHasUpload,
  ensureConversation,
  findConversation,
  findConversationOfUser,
  insertMessage,
  lastSystemMessageAt,
  listMessages,
  lockConversation,
  type MessageRow,
  queue,
  raiseReadMark,
  type Sender,
  type Side,
  setAgent,
  totalAgentUnread,
  unreadFor,
  userProfile,
} from './repo.js';
import { availability, awayReply, greetingFor, readSupportChat, scheduleOf } from './support-settings.js';

export const CHAT_MAX_CHARS = 2000;
export const HISTORY_PAGE = 50;
/** Console roles of the chat desk besides super (per-route roles): docs/api-support.md. */
export const SUPPORT_CONSOLE_ROLES: readonly ConsoleRole[] = ['support'];
/** Settings key of an external customer-service URL (set/get_customer_url). */
export const CUSTOMER_URL_KEY = 'customer_service_url';
/** Where the built-in chat lives in the H5 app. */
export const BUILTIN_CHAT_URL = '/h5/#/pages/help/center/chat';

/** Socket.io rooms of the support namespace. */
export const conversationRoom = (id: number) => `conv:${id}`;
export const AGENTS_ROOM = 'agents';

export const CHAT_EVENTS = {
  message: 'chat:message',
  read: 'chat:read',
  conversation: 'chat:conversation',
} as const;

/** Pushes to the support namespace (set once socket.io is attached; a no-op before, e.g. in API tests). */
export type ChatEmitter = (room: string, event: string, payload: unknown) => void;

export type ChatMessageView = {
  id: number;
  conversation_id: number;
  sender: Sender;
  kind: 'text' | 'image';
  /** Plain text: clients render it as text, never as markup. */
  text: string;
  image: { id: string; url: string } | null;
  client_id: string | null;
  created_at: string;
};

export const messageView = (row: MessageRow): ChatMessageView => ({
  id: row.id,
  conversation_id: row.conversationId,
  sender: row.sender as Sender,
  kind: row.kind as 'text' | 'image',
  text: row.body,
  image: row.uploadId ? { id: row.uploadId, url: `/api/chat/image/${row.uploadId}` } : null,
  client_id: row.clientId,
  created_at: row.createdAt.toISOString(),
});

/** `lang`: the sender's language (an automatic reply to a user is written in it). */
export type SendInput = { clientId?: string; text?: unknown; uploadId?: string; lang?: Lang };
export type Agent = { id: number; email: string; role: string };

/** super or support: the HTTP routes declare the same, the socket namespace checks it here. */
export const isSupportRole = (role: string) => roleAllows(role, SUPPORT_CONSOLE_ROLES);

/** A client's own message id: letters, digits, '-' and '_' (a UUID fits); anything else is refused. */
function clientIdOf(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (!/^[A-Za-z0-9_-]{8,64}$/.test(value)) throw new AppError('field_invalid', { fields: { client_id: 'field_invalid' } });
  return value;
}

/**
 * The support conversation between a user and the agents: one per user, persisted, text or images,
 * read marks per side. HTTP routes and the socket namespace both go through here, and every change is
 * pushed to the conversation's room (the user's sockets) and the agents' room.
 */
export class ChatService {
  private emit: ChatEmitter = () => {};

  constructor(
    private readonly db: Db,
    private readonly uploads: UploadStorage,
    /** The clock of the opening hours (tests pass their own). */
    private readonly now: () => number = Date.now,
  ) {}

  setEmitter(emit: ChatEmitter): void {
    this.emit = emit;
  }

  // ---- user side ----

  /**
   * Opening the chat: the conversation (created on first use), the newest page of messages, unread
   * count, the greeting in the user's language and whether the team is there now.
   */
  async open(userId: number, lang: Lang) {
    const conversation = await ensureConversation(this.db, userId);
    const support = await readSupportChat(this.db);
    return {
      ...(await this.snapshot(conversation)),
      greeting: greetingFor(support, lang),
      hours: availability(support, this.now()),
    };
  }

  async snapshot(conversation: ConversationRow) {
    const messages = await listMessages(this.db, conversation.id, { limit: HISTORY_PAGE });
    return {
      conversation_id: conversation.id,
      messages: messages.map(messageView),
      has_more: messages.length === HISTORY_PAGE,
      unread: await unreadFor(this.db, conversation, 'user'),
      user_read_id: conversation.userReadId,
      agent_read_id: conversation.agentReadId,
    };
  }

  conversationOfUser(userId: number) {
    return ensureConversation(this.db, userId);
  }

  async userUnread(userId: number): Promise<number> {
    const conversation = await findConversationOfUser(this.db, userId);
    return conversation ? unreadFor(this.db, conversation, 'user') : 0;
  }

  // ---- both sides ----

  async history(conversationId: number, range: { afterId?: number; beforeId?: number; limit?: number }) {
    const limit = Math.min(Math.max(range.limit ?? HISTORY_PAGE, 1), 100);
    const rows = await listMessages(this.db, conversationId, { ...range, limit });
    return { messages: rows.map(messageView), has_more: rows.length === limit };
  }

  /**
   * Stores a message from `sender` in the conversation and pushes it. Text is 1..2000 characters of
   * plain text; an image is an upload id (a user's own upload, or one an agent uploaded). A resend with
   * the same client id returns the stored message and pushes nothing twice.
   */
  async send(conversationId: number, sender: Side, agent: Agent | undefined, ownerUserId: number, input: SendInput) {
    const clientId = clientIdOf(input.clientId);
    let kind: 'text' | 'image';
    let body = '';
    let uploadId: string | null = null;
    if (input.uploadId) {
      kind = 'image';
      uploadId =
        sender === 'user'
          ? await requireOwnUpload(this.db, ownerUserId, input.uploadId, 'upload_id')
          : await this.requireAgentUpload(input.uploadId);
    } else {
      kind = 'text';
      body = userText(input.text, CHAT_MAX_CHARS, 'text');
    }
    const { message, created } = await this.db.transaction((tx) =>
      insertMessage(tx, { conversationId, sender, agentId: agent?.id ?? null, kind, body, uploadId, clientId }),
    );
    const view = messageView(message);
    if (created) {
      this.emit(conversationRoom(conversationId), CHAT_EVENTS.message, view);
      this.emit(AGENTS_ROOM, CHAT_EVENTS.message, view);
      // The sender has read everything up to its own message.
      this.pushRead(conversationId, sender, message.id);
      if (sender === 'user') await this.replyWhenAway(conversationId, input.lang ?? 'en');
    }
    return view;
  }

  /**
   * Outside the opening hours a user's message gets one automatic reply (a system message saying when
   * the team is back) per closed period: none again until the team has been open in between.
   */
  private async replyWhenAway(conversationId: number, lang: Lang) {
    const support = await readSupportChat(this.db);
    const schedule = scheduleOf(support);
    const now = this.now();
    if (availability(support, now).open_now || !schedule) return;
    const closedSince = lastClosing(schedule, now) ?? now - 7 * 24 * 3600_000;
    const last = await lastSystemMessageAt(this.db, conversationId);
    if (last && last.getTime() >= closedSince) return;
    const { message, created } = await this.db.transaction((tx) =>
      insertMessage(tx, {
        conversationId,
        sender: 'system',
        agentId: null,
        kind: 'text',
        body: awayReply(support, now, lang),
        uploadId: null,
        clientId: null,
        createdAt: new Date(now),
      }),
    );
    if (!created) return;
    const view = messageView(message);
    this.emit(conversationRoom(conversationId), CHAT_EVENTS.message, view);
    this.emit(AGENTS_ROOM, CHAT_EVENTS.message, view);
  }

  /** Raises `side`'s read mark and tells both sides (the other side shows it as read receipts). */
  async read(conversationId: number, side: Side, upTo: number) {
    const mark = await raiseReadMark(this.db, conversationId, side, upTo);
    this.pushRead(conversationId, side, mark);
    return { read_id: mark };
  }

  private pushRead(conversationId: number, side: Side, mark: number) {
    const payload = { conversation_id: conversationId, reader: side, read_id: mark };
    this.emit(conversationRoom(conversationId), CHAT_EVENTS.read, payload);
    this.emit(AGENTS_ROOM, CHAT_EVENTS.read, payload);
  }

  /** An image in a chat: a user sees only those of their own conversation; agents see any. */
  async requireImageAccess(uploadId: string, viewer: { userId?: number; agent?: boolean }): Promise<void> {
    if (!UPLOAD_ID_PATTERN.test(uploadId)) throw new AppError('not_found');
    if (viewer.agent) return;
    const conversation = viewer.userId === undefined ? undefined : await findConversationOfUser(this.db, viewer.userId);
    if (!conversation || !(await conversationHasUpload(this.db, conversation.id, uploadId))) throw new AppError('not_found');
  }

  /** The bytes of a chat image, once requireImageAccess has allowed the viewer. */
  async readImage(uploadId: string) {
    const row = await findUpload(this.db, uploadId);
    if (!row) throw new AppError('not_found');
    return { row, bytes: await uploadBytes(this.uploads, row) };
  }

  // ---- agent side ----

  async requireConversation(id: number): Promise<ConversationRow> {
    const conversation = await findConversation(this.db, id);
    if (!conversation) throw new AppError('not_found');
    return conversation;
  }

  async deskQueue(agentId: number, kind: 'all' | 'mine' | 'unassigned', page: number, limit: number) {
    const { total, rows } = await queue(this.db, { kind, agentId, limit, offset: (page - 1) * limit });
    return {
      list: rows.map((r) => ({
        id: r.conversation.id,
        user: { id: r.conversation.userId, email: r.email, phone: r.phone, area_code: r.areaCode },
        agent: r.conversation.agentId ? { id: r.conversation.agentId, email: r.agentEmail } : null,
        unread: r.unread,
        last_message: r.last ? { kind: r.last.kind, text: r.last.body, sender: r.last.sender } : null,
        last_message_at: r.conversation.lastMessageAt?.toISOString() ?? null,
        user_read_id: r.conversation.userReadId,
        agent_read_id: r.conversation.agentReadId,
      })),
      total,
      page,
      limit,
      unread_total: await totalAgentUnread(this.db),
    };
  }

  deskUnread = () => totalAgentUnread(this.db);

  /** One conversation for the desk: the user's profile and verification state, and the newest messages. */
  async deskConversation(id: number) {
    const conversation = await this.requireConversation(id);
    const profile = await userProfile(this.db, conversation.userId);
    const agent = conversation.agentId ? await adminEmail(this.db, conversation.agentId) : undefined;
    return {
      ...(await this.snapshot(conversation)),
      unread: await unreadFor(this.db, conversation, 'agent'),
      agent: conversation.agentId ? { id: conversation.agentId, email: agent ?? null } : null,
      user: profile
        ? {
            id: profile.id,
            email: profile.email,
            phone: profile.phone,
            area_code: profile.areaCode,
            name: profile.name,
            review_status: profile.reviewStatus,
            advanced_user: profile.advancedUser,
            lang: profile.lang,
            frozen: profile.frozenReason !== null,
            created_at: profile.createdAt.toISOString(),
          }
        : null,
    };
  }

  /** "Assign to me": the conversation leaves the unassigned queue; audited with the previous agent. */
  async assignToMe(request: FastifyRequest, id: number) {
    const agent = request.admin!;
    const result = await this.db.transaction(async (tx) => {
      const before = await lockConversation(tx, id);
      if (!before) throw new AppError('not_found');
      if (before.agentId === agent.id) return { id, agent_id: agent.id, changed: false };
      await setAgent(tx, id, agent.id);
      await audit(tx, request, 'chat.assign', `chat_conversation:${id}`, { agent_id: before.agentId }, { agent_id: agent.id });
      return { id, agent_id: agent.id, changed: true };
    });
    if (result.changed) this.emit(AGENTS_ROOM, CHAT_EVENTS.conversation, { id, agent: { id: agent.id, email: agent.email } });
    return { id, agent: { id: agent.id, email: agent.email } };
  }

  /** An agent's reply over HTTP; audited (message id and kind; the text is in the conversation). */
  async agentReply(request: FastifyRequest, id: number, input: SendInput) {
    const conversation = await this.requireConversation(id);
    const view = await this.send(conversation.id, 'agent', request.admin!, conversation.userId, input);
    await audit(this.db, request, 'chat.reply', `chat_conversation:${id}`, null, { message_id: view.id, kind: view.kind });
    return view;
  }

  /** An agent's image: the upload module's checks (type by bytes, size limit) with the agent as owner. */
  async storeAgentImage(agentId: number, bytes: Buffer): Promise<{ id: string; url: string }> {
    return saveImage(this.db, this.uploads, { adminId: agentId }, 'chat', bytes);
  }

  /** An image an agent may send: uploaded from the console (no user owns it). */
  private async requireAgentUpload(value: string): Promise<string> {
    const id = value.trim().replace(/^\/api\/upload\//, '');
    const row = UPLOAD_ID_PATTERN.test(id) ? await findUpload(this.db, id) : undefined;
    if (!row || row.adminId === null || row.userId !== null)
      throw new AppError('not_found', { fields: { upload_id: 'not_found' } });
    return row.id;
  }
}
