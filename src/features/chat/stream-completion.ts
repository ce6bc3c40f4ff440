import { createParser } from 'eventsource-parser';
import type { ChatCompletionBody } from '@/api/gen/model';
import { ApiError, buildUrl, readError, readToken } from '@/api/http';

const STREAM_PATH = '/api/base/chat_gpt_api/completions_stream';

/** The first event: the question (or the retried one) and the conversation are stored, the answer has begun. */
export type StreamStart = { conversationId: string; userMessageId: string; messageId: string; title: string };

/** The end of a stream: the answer is stored complete and charged. */
export type StreamDone = { conversationId: string; messageId: string; chargedFen: number };

type StreamEvent = {
  type?: string;
  content?: string;
  message?: string;
  code?: string;
  conversationId?: string;
  userMessageId?: string;
  messageId?: string;
  title?: string;
  chargedFen?: number;
};

type StreamOptions = {
  signal: AbortSignal;
  onStart: (start: StreamStart) => void;
  /** Each piece of the answer, in order. */
  onDelta: (text: string) => void;
};

export const STREAM_CUT_MESSAGE = '回答意外中断，请重试';

/** A failure the server reported inside the stream (an `error` event), after part of the answer may have arrived. */
export class StreamError extends ApiError {
  constructor(code: string, message: string) {
    super(200, code, message);
    this.name = 'StreamError';
  }
}

const aborted = () => new DOMException('已停止', 'AbortError');

function parseEvent(data: string): StreamEvent | null {
  try {
    const event = JSON.parse(data) as unknown;
    return event && typeof event === 'object' ? (event as StreamEvent) : null;
  } catch {
    return null;
  }
}

/**
 * Asks `completions_stream` and reads its server-sent events (eventsource-parser) as they arrive, through
 * the same base URL and token as every other call. Resolves on `done`; rejects with the envelope's ApiError
 * when the server refuses before streaming (nothing stored), a StreamError on an `error` event or a cut
 * stream, and the AbortError when `signal` stops it: the server then keeps what it sent as stopped.
 */
export async function streamCompletion(body: ChatCompletionBody, { signal, onStart, onDelta }: StreamOptions): Promise<StreamDone> {
  const headers = new Headers({ 'Content-Type': 'application/json', Accept: 'text/event-stream' });
  const token = readToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(buildUrl(STREAM_PATH), { method: 'POST', headers, body: JSON.stringify(body), signal });
  } catch {
    if (signal.aborted) throw aborted();
    throw new ApiError(0, 'NETWORK_ERROR', '网络连接失败，请检查网络后重试');
  }
  if (!response.ok) throw await readError(response);
  if (!response.body) throw new StreamError('STREAM_CUT', STREAM_CUT_MESSAGE);

  let done: StreamDone | undefined;
  let failure: StreamError | undefined;
  const parser = createParser({
    onEvent: ({ data }) => {
      const event = parseEvent(data);
      if (!event || done || failure) return;
      const { type, conversationId, userMessageId, messageId } = event;
      if (type === 'start' && conversationId && userMessageId && messageId) {
        onStart({ conversationId, userMessageId, messageId, title: event.title ?? '' });
      } else if (type === 'delta' && typeof event.content === 'string') onDelta(event.content);
      else if (type === 'error') failure = new StreamError(event.code ?? 'STREAM_ERROR', event.message ?? event.content ?? STREAM_CUT_MESSAGE);
      else if (type === 'done' && conversationId && messageId) done = { conversationId, messageId, chargedFen: event.chargedFen ?? 0 };
    },
  });

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  // Not every fetch ends a body that is being read when its signal aborts; cancelling the reader always does.
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', cancel);
  try {
    while (!done && !failure) {
      const { value, done: ended } = await reader.read();
      if (ended) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } catch {
    if (signal.aborted) throw aborted();
    throw new StreamError('STREAM_CUT', STREAM_CUT_MESSAGE);
  } finally {
    signal.removeEventListener('abort', cancel);
    cancel();
  }
  if (failure) throw failure;
  if (signal.aborted) throw aborted();
  if (!done) throw new StreamError('STREAM_CUT', STREAM_CUT_MESSAGE);
  return done;
}
