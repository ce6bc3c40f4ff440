import { hostname } from 'node:os';
import { eq, sql } from 'drizzle-orm';
import type { AppContext, Deps } from '../../context';
import { newId } from '../../db/ids';
import { type ChatMessageStatus, chatConversations, chatMessages } from '../../db/schema/chat';
import type { ServicePrice } from '../../db/schema/packages';
import { type TaskStatus, tasks } from '../../db/schema/tasks';
import { LlmError, type LlmMessage } from '../../engines/llm';
import { countChars } from '@common/char-count';
import { AppError, badRequest, conflict } from '../../errors';
import { balanceOf, lockUser } from '../billing/balance';
import { chargeTask } from '../billing/charges';
import { computePrice } from '../billing/prices';
import { modelFailure } from '../llm/errors';
import { answerPriceFen, availableFen, chatBalanceTooLow, chatPrice } from './billing';
import { contextFor } from './context';
import { lastMessage, messageById, messagesOf, ownedConversation } from './conversations';
import { titleOf } from './prompt';

export interface ChatInput {
  conversationId?: string;
  content?: string;
  retryOf?: string;
}

/** The ids an answer is stored under, known before the model is asked. */
export interface AnswerIds {
  conversationId: string;
  userMessageId: string;
  messageId: string;
  title: string;
}

/** An answer ready to be asked for: its task holds the reservation. */
export interface PreparedAnswer extends AnswerIds {
  userId: string;
  taskId: string;
  question: string;
  /** The conversation must be created (first question). */
  newConversation: boolean;
  /** A retry answers a stored question again: no new user message. */
  retry: boolean;
  price: ServicePrice;
  messages: LlmMessage[];
}

export interface AnswerEnd extends AnswerIds {
  status: ChatMessageStatus;
  content: string;
  chargedFen: number;
  /** Why a stream ended as failed. */
  error?: unknown;
}

const LEASE_OWNER = `chat:${hostname()}:${process.pid}`;

/**
 * Checks the question (or retry), the conversation's owner and the balance, and opens the answer's task
 * with its reservation. Nothing the student can see is stored yet.
 */
export async function prepareAnswer(app: AppContext, userId: string, input: ChatInput): Promise<PreparedAnswer> {
  const { config } = app;
  if (input.retryOf !== undefined && input.content !== undefined) throw badRequest('重新回答时不要同时发送消息内容');
  const content = input.content?.trim() ?? '';
  if (input.retryOf === undefined && content === '') throw badRequest('消息内容不能为空');

  let question = content;
  let title = titleOf(content);
  let conversationId = input.conversationId ?? newId();
  let userMessageId = newId();
  let newConversation = input.conversationId === undefined;
  let history = newConversation ? [] : await messagesOf(app.db, conversationId, 400);
  if (!newConversation) title = (await ownedConversation(app.db, userId, conversationId)).title;

  if (input.retryOf !== undefined) {
    const found = await retryTarget(app, userId, input.retryOf, input.conversationId);
    ({ id: conversationId, title } = found.conversation);
    question = found.question.content;
    userMessageId = found.question.id;
    newConversation = false;
    history = found.history;
  }

  const price = await chatPrice(app.db);
  const reserveFen = computePrice(price, config.CHAT_MAX_ANSWER_CHARS);
  const messages = await contextFor(history, question, config.CHAT_CONTEXT_TOKENS);
  const leaseMs = config.LLM_QUEUE_TIMEOUT_MS + config.LLM_TIMEOUT_MS + 60_000;
  const taskId = await app.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    if ((await availableFen(tx, userId)) < reserveFen) throw chatBalanceTooLow(reserveFen);
    const [task] = await tx.orm
      .insert(tasks)
      .values({
        kind: 'chat',
        userId,
        title,
        status: 'running',
        priceFen: reserveFen,
        attempts: 1,
        maxAttempts: 1,
        offline: false,
        payload: { conversationId, userMessageId, retry: input.retryOf !== undefined },
        leaseOwner: LEASE_OWNER,
        leaseExpiresAt: new Date(app.now().getTime() + leaseMs),
        startedAt: app.now(),
      })
      .returning({ id: tasks.id });
    return task.id;
  });
  return {
    userId,
    taskId,
    conversationId,
    userMessageId,
    messageId: newId(),
    title,
    question,
    newConversation,
    retry: input.retryOf !== undefined,
    price,
    messages,
  };
}

/** retryOf must be the last message of one of the user's conversations, and an answer. */
async function retryTarget(app: AppContext, userId: string, retryOf: string, conversationId: string | undefined) {
  const [owner] = await app.db.orm
    .select({ conversationId: chatMessages.conversationId })
    .from(chatMessages)
    .where(eq(chatMessages.id, retryOf))
    .limit(1);
  if (!owner || (conversationId !== undefined && conversationId !== owner.conversationId)) {
    throw new AppError(404, 'NOT_FOUND', '要重新回答的消息不存在');
  }
  const conversation = await ownedConversation(app.db, userId, owner.conversationId);
  const last = await lastMessage(app.db, conversation.id);
  if (!last || last.id !== retryOf || last.role !== 'assistant' || !last.replyTo) {
    throw conflict('CHAT_RETRY_NOT_LAST', '只能重新回答对话中的最后一条回答');
  }
  const question = await messageById(app.db, conversation.id, last.replyTo);
  if (!question) throw new AppError(404, 'NOT_FOUND', '要重新回答的问题不存在');
  const history = (await messagesOf(app.db, conversation.id, 400)).filter((m) => m.seq < question.seq);
  return { conversation, question, history };
}

export interface AnswerHooks {
  /** Aborted when the client goes away: the upstream request stops too. */
  signal: AbortSignal;
  /** Streaming: the first piece is about to follow (the question's store may still be under way). */
  onStart?: (ids: AnswerIds) => void;
  onDelta?: (text: string) => void;
}

/**
 * Asks the model and stores the outcome.
 * - Nothing arrived (failure before the first token, or the client left): the task ends failed or
 *   cancelled, nothing else is stored or charged, and the error is thrown (the envelope).
 * - `json`: the answer is stored and charged only when it is complete; any failure is as above.
 * - `stream`: the question is stored while the model is asked (taken out again if nothing arrives); the
 *   `start` event goes out with the first piece, without waiting for that store; the answer is stored as far as it was delivered,
 *   complete, stopped (client gone) or failed (model error or timeout), and charged for what was delivered.
 */
export async function runAnswer(
  app: AppContext,
  prepared: PreparedAnswer,
  mode: 'json' | 'stream',
  hooks: AnswerHooks,
): Promise<AnswerEnd> {
  const maxChars = app.config.CHAT_MAX_ANSWER_CHARS;
  const call = app.llm.forAccount(prepared.userId).stream({
    feature: 'chat',
    messages: prepared.messages,
    maxTokens: app.config.CHAT_MAX_ANSWER_TOKENS,
    taskId: prepared.taskId,
    signal: hooks.signal,
  });
  let content = '';
  let length = 0;
  let started = false;
  let failure: unknown;
  // Streaming stores the question while the model thinks, so its first token goes out at once (a write
  // after it would add the database's latency to every answer, more when many first tokens coincide).
  // Should nothing arrive after all, the question is taken out again below.
  const storing = mode === 'stream' ? app.db.transaction((tx) => storeQuestion({ db: tx, now: app.now }, prepared)) : undefined;
  storing?.catch(() => undefined);
  try {
    for await (const delta of call) {
      if (!delta.content) continue;
      // The ids are known before anything is stored, so the first piece never waits on the database (20
      // first tokens at once would otherwise queue behind 20 transactions); the store is awaited below.
      if (!started) hooks.onStart?.(idsOf(prepared));
      started = true;
      // An answer longer than the contract allows stops the model there (its task is done).
      const piece = [...delta.content].slice(0, maxChars - length).join('');
      length += [...piece].length;
      content += piece;
      if (piece) hooks.onDelta?.(piece);
      if (length >= maxChars) break;
    }
  } catch (error) {
    failure = error;
  }

  if (!started || (mode === 'json' && failure !== undefined)) {
    const aborted = failure instanceof LlmError && failure.kind === 'aborted';
    const stored = storing ? await storing.then(() => true, () => false) : false;
    if (stored) await app.db.transaction((tx) => unstoreQuestion(tx, prepared));
    await finishTask(app.db, prepared.taskId, aborted ? 'cancelled' : 'failed', 0, '', failure);
    if (failure instanceof LlmError) throw modelFailure(failure);
    if (failure !== undefined) throw failure;
    throw new AppError(502, 'MODEL_UNAVAILABLE', '大模型没有给出回答，请稍后重试');
  }

  // The question could not be stored after all (its conversation deleted meanwhile): nothing to keep the
  // answer under, so nothing is stored or charged, and the stream ends with the reason.
  const notStored = storing ? await storing.then(() => undefined, (error: unknown) => error ?? new Error('question not stored')) : undefined;
  if (notStored !== undefined) {
    await finishTask(app.db, prepared.taskId, 'failed', 0, '', notStored);
    throw notStored;
  }

  const status: ChatMessageStatus =
    failure === undefined ? 'complete' : failure instanceof LlmError && failure.kind === 'aborted' ? 'stopped' : 'failed';
  const chargedFen = await app.db.transaction(async (tx) => {
    const deps = { db: tx, now: app.now };
    if (mode === 'json') await storeQuestion(deps, prepared);
    return storeAnswer(deps, prepared, content, status, failure);
  });
  return { ...idsOf(prepared), status, content, chargedFen, ...(failure !== undefined && { error: failure }) };
}

function idsOf(p: PreparedAnswer): AnswerIds {
  return { conversationId: p.conversationId, userMessageId: p.userMessageId, messageId: p.messageId, title: p.title };
}

type TxApp = Pick<Deps, 'db' | 'now'>;

/** The conversation (when new) and the question, once the model has begun to answer it. */
async function storeQuestion({ db, now }: TxApp, p: PreparedAnswer): Promise<void> {
  const at = now();
  if (p.newConversation) {
    await db.orm.insert(chatConversations).values({ id: p.conversationId, userId: p.userId, title: p.title, createdAt: at, lastMessageAt: at });
  } else {
    // The conversation may have been deleted since the question was checked.
    await ownedConversation(db, p.userId, p.conversationId);
  }
  if (p.retry) return;
  await db.orm.insert(chatMessages).values({ id: p.userMessageId, conversationId: p.conversationId, role: 'user', content: p.question, createdAt: at });
  await touchConversation(db, p.conversationId, at, 1);
}

/** Takes back what storeQuestion stored, when the model gave no answer to keep (nothing is stored then). */
async function unstoreQuestion(db: TxApp['db'], p: PreparedAnswer): Promise<void> {
  if (p.newConversation) {
    // Its messages go with it (on delete cascade).
    await db.orm.delete(chatConversations).where(eq(chatConversations.id, p.conversationId));
    return;
  }
  if (p.retry) return;
  const removed = await db.orm.delete(chatMessages).where(eq(chatMessages.id, p.userMessageId)).returning({ id: chatMessages.id });
  if (removed.length === 0) return;
  await db.orm
    .update(chatConversations)
    .set({
      messageCount: sql`greatest(${chatConversations.messageCount} - 1, 0)`,
      lastMessageAt: sql`coalesce((select max(${chatMessages.createdAt}) from ${chatMessages} where ${chatMessages.conversationId} = ${p.conversationId}), ${chatConversations.createdAt})`,
    })
    .where(eq(chatConversations.id, p.conversationId));
}

/** The answer as delivered, its charge (never more than the balance), and the task's end, in one transaction. */
async function storeAnswer(
  { db, now }: TxApp,
  p: PreparedAnswer,
  content: string,
  status: ChatMessageStatus,
  failure: unknown,
): Promise<number> {
  // The reservation covers the price; only an operator's deduction meanwhile could leave less, and then the
  // answer costs what is left rather than being lost.
  const user = await lockUser(db, p.userId);
  const chargedFen = user ? Math.max(0, Math.min(answerPriceFen(p.price, content), await balanceOf(db, p.userId))) : 0;
  if (chargedFen > 0) {
    await chargeTask(db, { taskId: p.taskId, userId: p.userId, amountFen: chargedFen, note: `智能对话：${p.title}` });
  }
  const at = now();
  await db.orm.insert(chatMessages).values({
    id: p.messageId,
    conversationId: p.conversationId,
    role: 'assistant',
    content,
    status,
    replyTo: p.userMessageId,
    taskId: p.taskId,
    chargedFen,
    createdAt: at,
  });
  await touchConversation(db, p.conversationId, at, 1);
  const taskStatus: TaskStatus = status === 'complete' ? 'done' : status === 'stopped' ? 'cancelled' : 'failed';
  await finishTask(db, p.taskId, taskStatus, chargedFen, content, failure);
  return chargedFen;
}

async function touchConversation(db: TxApp['db'], id: string, at: Date, added: number): Promise<void> {
  await db.orm
    .update(chatConversations)
    .set({ lastMessageAt: at, messageCount: sql`${chatConversations.messageCount} + ${added}` })
    .where(eq(chatConversations.id, id));
}

async function finishTask(
  db: TxApp['db'],
  taskId: string,
  status: TaskStatus,
  priceFen: number,
  content: string,
  failure: unknown,
): Promise<void> {
  const error = failure instanceof Error && status === 'failed' ? failure.message.slice(0, 500) : null;
  await db.orm
    .update(tasks)
    .set({
      status,
      priceFen,
      charCount: countChars(content),
      progress: status === 'done' ? 100 : 0,
      error,
      leaseOwner: null,
      leaseExpiresAt: null,
      finishedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(tasks.id, taskId));
}
