import { faker } from '@faker-js/faker/locale/zh_CN';
import { http } from 'msw';
import type { ChatCompletionBody, ChatConversation, ChatMessage, ChatMessageStatus } from '@/api/gen/model';
import { countChars } from '@common/char-count';
import { fail, notFound, ok } from '../envelope';
import { priceOf, RATES } from '../prices';
import { SEED_CONVERSATIONS, answerFor } from './chat-answers';
import { currentCapabilities } from './capabilities';
import { mockDataEmpty } from './data-mode';
import { idOf, pageOf, readBody, withUser } from './request';

// The chat calls of the mocked server (npm run dev, web tests): conversations kept for the session, and
// completions_stream answering with a real event stream that arrives piece by piece, so asking, stopping,
// retrying and reopening a conversation can all be walked without a server or a model.

type Conversation = ChatConversation & { messages: ChatMessage[] };

const BASE = '*/api/base/chat_gpt_api';
const MAX_QUESTION_CHARS = 4000;
const TITLE_CHARS = 30;
/** A question containing this fails part-way, as a model that breaks off does. */
export const MOCK_FAULT_MARKER = '[模拟出错]';
/** 1 fen for each 1 000 characters begun, as a price table might say. */
// As the server charges an answer: by its counted characters at the chat rate, nothing for an empty one.
const feeOf = (text: string) => (countChars(text) === 0 ? 0 : priceOf(RATES.chat, countChars(text)));

/** Waited for before each piece of a streamed answer. */
type Pace = () => Promise<void>;
const PACE_MS = 60;
const pause = (ms: number): Pace => () => new Promise((resolve) => setTimeout(resolve, ms));

const state = {
  conversations: [] as Conversation[],
  pace: pause(PACE_MS),
  /** In the browser, where the conversations outlive a reload (mocks/browser.ts). */
  storage: null as Storage | null,
};

/** One store per data mode (?mock=empty starts without conversations). */
const storageKey = () => `moyan.mock.chat.${mockDataEmpty() ? 'empty' : 'seeded'}`;

function save(): void {
  state.storage?.setItem(storageKey(), JSON.stringify(state.conversations));
}

/**
 * Keeps the conversations in `storage` (the tab's sessionStorage in npm run dev), so that a reload finds what
 * was asked before it; picks up what an earlier page of the tab kept there.
 */
export function keepChatIn(storage: Storage): void {
  state.storage = storage;
  try {
    const kept = JSON.parse(storage.getItem(storageKey()) ?? 'null') as unknown;
    if (Array.isArray(kept)) state.conversations = kept as Conversation[];
  } catch {
    // Not ours or broken: start from the seeded conversations.
  }
  save();
}

/** How the mocked answers stream: a pause in ms before each piece, or a promise tests resolve piece by piece. */
export function setMockStreamPace(pace: number | Pace): void {
  state.pace = typeof pace === 'number' ? pause(pace) : pace;
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const codePoints = (text: string) => Array.from(text);

function message(role: ChatMessage['role'], content: string, createdAt: string, replyTo: string | null = null): ChatMessage {
  const status: ChatMessageStatus = 'complete';
  return { id: faker.string.ulid(), role, content, createdAt, status, replyTo, chargedFen: role === 'assistant' ? feeOf(content) : 0 };
}

function conversationOf(title: string, createdAt: string): Conversation {
  return { id: faker.string.ulid(), title, createdAt, lastMessageAt: createdAt, messageCount: 0, messages: [] };
}

function append(conversation: Conversation, item: ChatMessage): void {
  conversation.messages.push(item);
  conversation.messageCount = conversation.messages.length;
  conversation.lastMessageAt = item.createdAt;
}

function seed(): Conversation[] {
  return SEED_CONVERSATIONS.map((questions, index) => {
    let minutes = 60 * 26 * (index + 1);
    // Ids 1..n, as every seeded list of the mocked server (the screens open record 1 of each kind).
    const conversation = { ...conversationOf(questions[0], minutesAgo(minutes)), id: String(index + 1) };
    for (const question of questions) {
      const asked = message('user', question, minutesAgo(minutes));
      append(conversation, asked);
      append(conversation, message('assistant', answerFor(question), minutesAgo(minutes - 1), asked.id));
      minutes -= 3;
    }
    return conversation;
  });
}

export function resetChatState(): void {
  state.conversations = mockDataEmpty() ? [] : seed();
  state.pace = pause(PACE_MS);
  save();
}

const summary = ({ messages: _messages, ...conversation }: Conversation): ChatConversation => conversation;

type Prepared = { conversation: Conversation; question: ChatMessage; answer: ChatMessage; text: string; faulty: boolean };

/** Checks a completions body as the server does, then stores the question (or finds the retried one) and an empty answer. */
async function prepare(request: Request): Promise<Prepared | Response> {
  if (!currentCapabilities().services.chat.available) return fail(503, 'MODEL_NOT_CONFIGURED', '未配置大模型服务，请联系管理员配置后再试');
  const body = await readBody<ChatCompletionBody>(request);
  const content = typeof body.content === 'string' ? body.content.trim() : '';
  if (body.retryOf && body.content !== undefined) return fail(400, 'BAD_REQUEST', '重新生成时不能同时发送新问题');
  if (!body.retryOf && content === '') return fail(400, 'BAD_REQUEST', '请输入问题');
  if (codePoints(content).length > MAX_QUESTION_CHARS) return fail(400, 'BAD_REQUEST', `问题最多 ${MAX_QUESTION_CHARS} 字`);

  let conversation = state.conversations.find((item) => item.id === body.conversationId);
  if (body.conversationId && !conversation) return notFound('对话');
  let question: ChatMessage | undefined;
  if (body.retryOf) {
    conversation ??= state.conversations.find((item) => item.messages.some((m) => m.id === body.retryOf));
    const last = conversation?.messages.at(-1);
    if (!conversation || last?.id !== body.retryOf || last.role !== 'assistant') return fail(409, 'CONFLICT', '只能重新生成对话中的最后一条回答');
    question = conversation.messages.find((m) => m.id === last.replyTo);
    if (!question) return notFound('原问题');
  } else {
    if (!conversation) {
      conversation = conversationOf(codePoints(content).slice(0, TITLE_CHARS).join(''), new Date().toISOString());
      state.conversations.unshift(conversation);
    }
    question = message('user', content, new Date().toISOString());
    append(conversation, question);
  }
  const answer: ChatMessage = { ...message('assistant', '', new Date().toISOString(), question.id), status: 'stopped' };
  append(conversation, answer);
  save();
  const text = answerFor(question.content);
  return { conversation, question, answer, text, faulty: question.content.includes(MOCK_FAULT_MARKER) };
}

function settle({ conversation, answer }: Prepared, status: ChatMessageStatus, delivered: string): void {
  Object.assign(answer, { status, content: delivered, chargedFen: feeOf(delivered) });
  conversation.lastMessageAt = new Date().toISOString();
  save();
}

function rollBack({ conversation, question, answer }: Prepared): void {
  conversation.messages = conversation.messages.filter((item) => item !== answer && item !== question);
  conversation.messageCount = conversation.messages.length;
  if (conversation.messages.length === 0) state.conversations = state.conversations.filter((item) => item !== conversation);
  save();
}

const encoder = new TextEncoder();
const event = (data: object) => encoder.encode(`data: ${JSON.stringify(data)}\n\n`);

/** A few characters at a time, as a model's tokens come. */
const piecesOf = (text: string) => codePoints(text).reduce<string[]>((pieces, char, index) => {
  if (index % 3 === 0) pieces.push(char);
  else pieces[pieces.length - 1] += char;
  return pieces;
}, []);

/** The answer as server-sent events: start, the pieces with a pause before each, then done (or error part-way). */
function streamOf(request: Request, prepared: Prepared): ReadableStream<Uint8Array> {
  const { conversation, question, answer, text, faulty } = prepared;
  const pieces = piecesOf(text);
  let next = 0;
  let delivered = '';
  let finished = false;
  const finish = (status: ChatMessageStatus) => {
    if (finished) return;
    finished = true;
    settle(prepared, status, delivered);
  };
  // Stop button or closed tab: keep what was sent, as stopped.
  request.signal.addEventListener('abort', () => finish('stopped'));
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(event({ type: 'start', conversationId: conversation.id, userMessageId: question.id, messageId: answer.id, title: conversation.title }));
    },
    async pull(controller) {
      await state.pace();
      if (finished) return;
      try {
        if (faulty && next >= pieces.length / 2) {
          finish('failed');
          controller.enqueue(event({ type: 'error', code: 'MODEL_ERROR', message: '大模型服务中途出错，已保留已生成的部分，请重试', conversationId: conversation.id, messageId: answer.id, status: 'failed', chargedFen: answer.chargedFen }));
          controller.close();
        } else if (next < pieces.length) {
          delivered += pieces[next];
          answer.content = delivered;
          save();
          controller.enqueue(event({ type: 'delta', content: pieces[next++] }));
        } else {
          finish('complete');
          controller.enqueue(event({ type: 'done', conversationId: conversation.id, messageId: answer.id, status: 'complete', chargedFen: answer.chargedFen }));
          controller.close();
        }
      } catch {
        finish('stopped');
      }
    },
    cancel() {
      finish('stopped');
    },
  });
}

export const chatOverrides = [
  http.post(`${BASE}/query_list`, withUser((request) => {
    const newestFirst = [...state.conversations].sort((a, b) => b.lastMessageAt.localeCompare(a.lastMessageAt));
    return ok(pageOf(request)(newestFirst.map(summary)));
  })),
  http.post(`${BASE}/load_by_id`, withUser((request) => {
    const conversation = state.conversations.find((item) => item.id === idOf(request));
    return conversation ? ok({ ...summary(conversation), messages: conversation.messages.map((item) => ({ ...item })) }) : notFound('对话');
  })),
  http.post(`${BASE}/delete`, withUser((request) => {
    const id = idOf(request);
    if (!state.conversations.some((item) => item.id === id)) return notFound('对话');
    state.conversations = state.conversations.filter((item) => item.id !== id);
    save();
    return ok({ id, deleted: true });
  })),
  http.post(`${BASE}/completions_stream`, withUser(async (request) => {
    const prepared = await prepare(request);
    if (prepared instanceof Response) return prepared;
    return new Response(streamOf(request, prepared), {
      headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache' },
    });
  })),
  http.post(`${BASE}/completions`, withUser(async (request) => {
    const prepared = await prepare(request);
    if (prepared instanceof Response) return prepared;
    const { conversation, question, answer, text, faulty } = prepared;
    // The plain call stores nothing when the model fails.
    if (faulty) {
      rollBack(prepared);
      return fail(502, 'MODEL_ERROR', '大模型服务出错，请稍后重试');
    }
    settle(prepared, 'complete', text);
    return ok({ conversationId: conversation.id, userMessageId: question.id, messageId: answer.id, title: conversation.title, content: text, chargedFen: answer.chargedFen });
  })),
];
