import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { safeError } from '../safe-error';
import { type AnswerEnd, deleteConversation, listConversations, loadConversation, prepareAnswer, runAnswer } from '../services/chat';
import { streamErrorCode } from '../services/llm/errors';
import { pageOf } from '../services/paging';
import type { HandlerGroup } from './types';

type ChatOperations =
  | 'chatGptQueryList'
  | 'chatGptCompletions'
  | 'chatGptLoadById'
  | 'chatGptDelete'
  | 'chatGptCompletionsStream';

/** An AbortSignal that fires when the client goes away before the answer is sent (stop button, closed tab). */
function clientGone(reply: FastifyReply): { signal: AbortSignal; release(): void } {
  const controller = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableEnded) controller.abort();
  };
  reply.raw.on('close', onClose);
  return { signal: controller.signal, release: () => reply.raw.off('close', onClose) };
}

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  // nginx would otherwise buffer the answer and hand it out at the end.
  'x-accel-buffering': 'no',
};

/**
 * completions_stream: the JSON envelope for anything that fails before the first token; from then on
 * server-sent events (start, delta..., then done or error), as the contract describes.
 */
async function stream(app: AppContext, userId: string, body: Parameters<typeof prepareAnswer>[2], reply: FastifyReply) {
  const prepared = await prepareAnswer(app, userId, body);
  const gone = clientGone(reply);
  const raw = reply.raw;
  let open = false;
  const send = (event: Record<string, unknown>) => {
    if (!raw.destroyed) raw.write(`data: ${JSON.stringify(event)}\n\n`);
  };
  try {
    const end = await runAnswer(app, prepared, 'stream', {
      signal: gone.signal,
      onStart: (ids) => {
        reply.hijack();
        // Hijacked, the reply's own headers (helmet's) are written here.
        for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) raw.setHeader(name, value);
        raw.writeHead(200, SSE_HEADERS);
        open = true;
        send({ type: 'start', ...ids });
      },
      onDelta: (content) => send({ type: 'delta', content }),
    });
    send(endEvent(end));
  } catch (error) {
    if (!open) throw error;
    // The question could not be stored (its conversation deleted while the answer streamed): nothing was kept.
    if (error instanceof AppError && error.statusCode < 500) {
      const ids = { conversationId: prepared.conversationId, messageId: prepared.messageId };
      send({ type: 'error', code: error.code, message: `${error.message}，回答没有保存`, ...ids, status: 'failed', chargedFen: 0 });
      return reply;
    }
    // Stored answers are safe; only the bookkeeping after them failed. Say so in the stream, as the contract does.
    app.log.error({ err: safeError(error) }, 'chat stream failed after it began');
    send({ type: 'error', code: 'INTERNAL_ERROR', message: '服务器开小差了，请刷新后查看已保存的回答', status: 'failed' });
  } finally {
    gone.release();
    if (open) raw.end();
  }
  return reply;
}

function endEvent(end: AnswerEnd): Record<string, unknown> {
  const ids = { conversationId: end.conversationId, messageId: end.messageId, status: end.status, chargedFen: end.chargedFen };
  if (end.status !== 'failed') return { type: 'done', ...ids };
  const message = end.error instanceof Error ? end.error.message : '回答中途失败';
  return { type: 'error', code: streamErrorCode(end.error), message: `${message}（已保存收到的部分）`, ...ids };
}

export const chatHandlers: HandlerGroup<ChatOperations> = {
  chatGptQueryList: ({ app, user, query }) => listConversations(app.db, user.id, pageOf(query)),
  chatGptLoadById: ({ app, user, query }) => loadConversation(app.db, user.id, query.id),
  chatGptDelete: ({ app, user, query }) => deleteConversation(app.db, user.id, query.id),
  chatGptCompletions: async ({ app, user, body, reply }) => {
    const prepared = await prepareAnswer(app, user.id, body);
    const gone = clientGone(reply);
    try {
      const end = await runAnswer(app, prepared, 'json', { signal: gone.signal });
      return {
        conversationId: end.conversationId,
        userMessageId: end.userMessageId,
        messageId: end.messageId,
        title: end.title,
        content: end.content,
        chargedFen: end.chargedFen,
      };
    } finally {
      gone.release();
    }
  },
  chatGptCompletionsStream: ({ app, user, body, reply }) => stream(app, user.id, body, reply),
};
