import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type ChatConversationRow, type ChatMessageRow, chatConversations, chatMessages } from '../../db/schema/chat';
import type { components } from '../../gen/openapi';
import { AppError } from '../../errors';
import { offsetOf, type Page, type PageQuery } from '../paging';

export type ChatConversation = components['schemas']['ChatConversation'];
export type ChatMessage = components['schemas']['ChatMessage'];
export type ChatConversationDetail = components['schemas']['ChatConversationDetail'];

/** The most messages load_by_id returns (the contract's maxItems): the latest ones. */
const MAX_MESSAGES = 500;

export const conversationNotFound = () => new AppError(404, 'NOT_FOUND', '对话不存在或已删除');

export function conversationView(row: ChatConversationRow): ChatConversation {
  return {
    id: row.id,
    title: row.title,
    createdAt: row.createdAt.toISOString(),
    lastMessageAt: row.lastMessageAt.toISOString(),
    messageCount: row.messageCount,
  };
}

export function messageView(row: ChatMessageRow): ChatMessage {
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    replyTo: row.replyTo,
    chargedFen: row.chargedFen,
  };
}

/** The user's own conversation; another user's is as missing as one that never existed. */
export async function ownedConversation(db: Executor, userId: string, id: string): Promise<ChatConversationRow> {
  const [row] = await db.orm
    .select()
    .from(chatConversations)
    .where(and(eq(chatConversations.id, id), eq(chatConversations.userId, userId)))
    .limit(1);
  if (!row) throw conversationNotFound();
  return row;
}

export async function listConversations(db: Executor, userId: string, page: PageQuery): Promise<Page<ChatConversation>> {
  const mine = eq(chatConversations.userId, userId);
  const [rows, [{ total }]] = await Promise.all([
    db.orm
      .select()
      .from(chatConversations)
      .where(mine)
      .orderBy(desc(chatConversations.lastMessageAt), desc(chatConversations.id))
      .limit(page.pageSize)
      .offset(offsetOf(page)),
    db.orm.select({ total: sql<number>`count(*)::int` }).from(chatConversations).where(mine),
  ]);
  return { ...page, total, records: rows.map(conversationView) };
}

/** A conversation's messages in order, oldest first (the latest MAX_MESSAGES of a longer one). */
export async function messagesOf(db: Executor, conversationId: string, limit = MAX_MESSAGES): Promise<ChatMessageRow[]> {
  const rows = await db.orm
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId))
    .orderBy(desc(chatMessages.seq))
    .limit(limit);
  return rows.reverse();
}

export async function loadConversation(db: Executor, userId: string, id: string): Promise<ChatConversationDetail> {
  const conversation = await ownedConversation(db, userId, id);
  const messages = await messagesOf(db, id);
  return { ...conversationView(conversation), messages: messages.map(messageView) };
}

/** Deletes the conversation and its messages; charges already made stay in the ledger. */
export async function deleteConversation(db: Executor, userId: string, id: string): Promise<{ id: string; deleted: true }> {
  const deleted = await db.orm
    .delete(chatConversations)
    .where(and(eq(chatConversations.id, id), eq(chatConversations.userId, userId)))
    .returning({ id: chatConversations.id });
  if (deleted.length === 0) throw conversationNotFound();
  return { id, deleted: true };
}

/** The last message of a conversation, or undefined for an empty one. */
export async function lastMessage(db: Executor, conversationId: string): Promise<ChatMessageRow | undefined> {
  const [row] = await db.orm
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId))
    .orderBy(desc(chatMessages.seq))
    .limit(1);
  return row;
}

export async function messageById(db: Executor, conversationId: string, id: string): Promise<ChatMessageRow | undefined> {
  const [row] = await db.orm
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.id, id), eq(chatMessages.conversationId, conversationId)))
    .orderBy(asc(chatMessages.seq))
    .limit(1);
  return row;
}
