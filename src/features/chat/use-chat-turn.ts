import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatCompletionBody } from '@/api/gen/model';
import { ApiError } from '@/api/http';
import { notify } from '@/components/ui/toaster';
import { appStore } from '@/stores/app';
import { type StreamStart, streamCompletion } from './stream-completion';

export type TurnStatus = 'streaming' | 'complete' | 'stopped' | 'failed';

/** The answer being received now, as far as it has arrived. */
export type ChatTurn = {
  body: ChatCompletionBody;
  /** The question as typed; none when an earlier question is answered again (retryOf). */
  question?: string;
  answer: string;
  status: TurnStatus;
  /** The Chinese reason of a failed answer. */
  error?: string;
  /** From the first event on: where the server stores the question and the answer. */
  stored?: StreamStart;
  chargedFen?: number;
  /** When it ended (Date.now()): stored messages read before then hold only part of it. */
  endedAt?: number;
};

type Options = {
  /** The server has stored the question (and a new conversation): the first event. */
  onStart: (start: StreamStart) => void;
  /** The stream has ended in any way after its first event; the stored messages can be read again. */
  onEnd: (turn: { conversationId: string }) => void | Promise<void>;
};

const RENDER_EVERY_MS = 50;

export const isAbort = (error: unknown) => typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';

/**
 * One answer at a time through `completions_stream`: it grows as the events arrive, `stop` aborts the request
 * (the server stops the model and keeps the partial answer as stopped), a failure mid-stream keeps what arrived
 * with its message. A refusal before the stream starts (bad input, 401, 429, no model) or a stop before the
 * first event stores nothing and ends no turn: `ask` rejects (the envelope's ApiError, or the AbortError),
 * so the screen can give the question back to the input.
 */
export function useChatTurn({ onStart, onEnd }: Options) {
  const [turn, setTurn] = useState<ChatTurn | null>(null);
  const controller = useRef<AbortController | null>(null);
  const handlers = useRef({ onStart, onEnd });
  useEffect(() => {
    handlers.current = { onStart, onEnd };
  });
  // Leaving the screen stops the answer, as the stop button does.
  useEffect(() => () => controller.current?.abort(), []);

  const ask = useCallback(async (body: ChatCompletionBody, question?: string) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    // Only the latest question's stream may change the turn (checked when the change is made, not when React applies it).
    const update = (change: (current: ChatTurn) => Partial<ChatTurn>) => {
      if (controller.current === abort) setTurn((current) => (current ? { ...current, ...change(current) } : current));
    };
    let stored: StreamStart | undefined;
    // Pieces that arrive together are shown together: one render per interval, not per token.
    let arrived = '';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      clearTimeout(timer);
      timer = undefined;
      const text = arrived;
      arrived = '';
      if (text) update((current) => ({ answer: current.answer + text }));
    };
    setTurn({ body, question, answer: '', status: 'streaming' });
    try {
      const done = await streamCompletion(body, {
        signal: abort.signal,
        onStart: (start) => {
          stored = start;
          update(() => ({ stored: start }));
          handlers.current.onStart(start);
        },
        onDelta: (text) => {
          arrived += text;
          timer ??= setTimeout(flush, RENDER_EVERY_MS);
        },
      });
      flush();
      update(() => ({ status: 'complete', chargedFen: done.chargedFen, endedAt: Date.now() }));
    } catch (error) {
      flush();
      // Before the first event nothing is stored, so a refusal or a stop that early ends no turn.
      if (!stored) {
        if (controller.current === abort) setTurn(null);
        if (error instanceof ApiError && error.status === 401) {
          notify.error('未登录、请登录后使用!');
          appStore.actions.openLogin();
        }
        throw error;
      }
      if (isAbort(error)) update(() => ({ status: 'stopped', endedAt: Date.now() }));
      else update(() => ({ status: 'failed', error: error instanceof Error ? error.message : '回答失败，请重试', endedAt: Date.now() }));
    } finally {
      if (controller.current === abort) controller.current = null;
    }
    if (stored) await handlers.current.onEnd({ conversationId: stored.conversationId });
  }, []);

  const stop = useCallback(() => controller.current?.abort(), []);
  /** Leaves the turn (another conversation opened): a streaming answer is stopped. */
  const clear = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setTurn(null);
  }, []);

  return { turn, ask, stop, clear, streaming: turn?.status === 'streaming' };
}
