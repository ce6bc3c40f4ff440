import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { newId } from '../ids';
import { tasks } from './tasks';
import { users } from './users';

// Conversations with the chat assistant (chat_gpt_api), visible only to their owner.
export const chatConversations = pgTable(
  'chat_conversations',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    messageCount: integer('message_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chat_conversations_user_last_idx').on(t.userId, t.lastMessageAt)],
);

export const chatRoles = ['user', 'assistant'] as const;
// complete; stopped: the client went away (stop button, closed tab) and the part delivered is kept;
// failed: the model failed mid-answer and the part delivered is kept.
export const chatMessageStatuses = ['complete', 'stopped', 'failed'] as const;
export type ChatMessageStatus = (typeof chatMessageStatuses)[number];

// An assistant message is one chat task (tasks.kind = 'chat'): its charge is the task's ledger entry,
// and charged_fen repeats it here so the message and the ledger can be compared.
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    // Insertion order within a conversation (created_at can tie within one transaction).
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    role: text('role', { enum: chatRoles }).notNull(),
    content: text('content').notNull(),
    status: text('status', { enum: chatMessageStatuses }).notNull().default('complete'),
    replyTo: text('reply_to').references((): AnyPgColumn => chatMessages.id, { onDelete: 'cascade' }),
    taskId: text('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    chargedFen: integer('charged_fen').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_conversation_seq_idx').on(t.conversationId, t.seq),
    check('chat_messages_role_check', sql`${t.role} in ('user', 'assistant')`),
    check('chat_messages_status_check', sql`${t.status} in ('complete', 'stopped', 'failed')`),
    check('chat_messages_charge_check', sql`${t.chargedFen} >= 0`),
  ],
);

export type ChatConversationRow = typeof chatConversations.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;
