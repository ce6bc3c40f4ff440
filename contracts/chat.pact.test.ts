import { MatchersV3 } from '@pact-foundation/pact';
import type { V4ResponseBuilder } from '@pact-foundation/pact/src/v4/http/types';
import { describe, expect, it } from 'vitest';
import { chatGptCompletions, chatGptDelete, chatGptLoadById, chatGptQueryList } from '../src/api/gen/chat/chat';
import { streamCompletion } from '../src/features/chat/stream-completion';
import { anyId, chinese, failure, isoTime, oneOf, ok } from './matchers';
import { BEARER, createPact, failureOf, refusedWithoutToken, useMockServer } from './pact';
import {
  PACT_CONVERSATION_ID,
  PACT_DELETABLE_CONVERSATION_ID,
  PACT_FOREIGN_CONVERSATION_ID,
  PACT_MISSING_CONVERSATION_ID,
  STATES,
} from './states';

const { eachLike, integer, like, nullValue, regex } = MatchersV3;

// completions_stream answers server-sent events: one `data: <JSON>` line per event and a blank line after it.
// Pact compares a text body as one string, so the stream is pinned by a pattern over the whole body: start,
// one or more delta, then done, in that order, each a JSON object on its own data line (either line ending).
// Inside the events no field can be matched on its own (Pact has no matchers for JSON inside a text body); the
// consumer test reads the example through the UI's own reader (streamCompletion) for those.
const EVENT = (type: string) => `data: ?\\{[^\\n]*"type": ?"${type}"[^\\n]*\\}\\r?\\n\\r?\\n`;
const STREAM_PATTERN = `^${EVENT('start')}(${EVENT('delta')})+${EVENT('done')}$`;
/**
 * A text body. pact-js 16 offers JSON, XML and binary bodies only, and a binary one is verified by sniffing the
 * bytes' type (an event stream sniffs as text/plain and fails), so the body is set through the interaction's own
 * text-body call (pact-core's withResponseBody), which the regex rule above then matches as text.
 */
function textBody(res: V4ResponseBuilder, contentType: string, text: string): V4ResponseBuilder {
  (res as unknown as { interaction: { withResponseBody(body: string, type: string): boolean } }).interaction.withResponseBody(text, contentType);
  return res;
}
const sse = (events: object[]) => events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');

// The page the conversation list asks for (CONVERSATIONS_SHOWN in src/features/chat/conversation-list.tsx).
const CONVERSATIONS_SHOWN = { pageNo: 1, pageSize: 100 };
const QUESTION = '请帮我梳理文献综述的写作步骤。';

const conversation = (id: unknown = anyId()) => ({
  id,
  title: chinese('如何撰写文献综述'),
  createdAt: isoTime(),
  lastMessageAt: isoTime(),
  messageCount: integer(2),
});

describe('chat contract', () => {
  it('the conversations list without a token is refused with 401', () =>
    refusedWithoutToken({
      description: 'a request for the chat conversations without a token',
      method: 'POST',
      path: '/api/base/chat_gpt_api/query_list',
      request: (req) => req.query({ pageNo: String(CONVERSATIONS_SHOWN.pageNo), pageSize: String(CONVERSATIONS_SHOWN.pageSize) }),
      call: () => chatGptQueryList(CONVERSATIONS_SHOWN),
    }));

  it('AI 对话: the conversation list, most recent first', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.conversation)
      .uponReceiving('a request for the chat conversations')
      .withRequest('POST', '/api/base/chat_gpt_api/query_list', (req) =>
        req
          .headers({ Authorization: BEARER })
          .query({ pageNo: String(CONVERSATIONS_SHOWN.pageNo), pageSize: String(CONVERSATIONS_SHOWN.pageSize) }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody(
          ok({
            records: eachLike(conversation()),
            total: integer(1),
            pageNo: CONVERSATIONS_SHOWN.pageNo,
            pageSize: CONVERSATIONS_SHOWN.pageSize,
          }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const page = await chatGptQueryList(CONVERSATIONS_SHOWN);
        expect(page.records[0]).toMatchObject({ title: '如何撰写文献综述', messageCount: 2 });
        expect(page.total).toBe(1);
      });
  });

  it('opens a conversation with its messages in order, each answer with its status and charge', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.conversation)
      .uponReceiving('a request for a chat conversation with its messages')
      .withRequest('POST', '/api/base/chat_gpt_api/load_by_id', (req) =>
        req.headers({ Authorization: BEARER }).query({ id: PACT_CONVERSATION_ID }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody(
          ok({
            ...conversation(PACT_CONVERSATION_ID),
            messages: [
              { id: anyId(), role: 'user', content: chinese(QUESTION), createdAt: isoTime(), status: 'complete', replyTo: nullValue(), chargedFen: 0 },
              {
                id: anyId(),
                role: 'assistant',
                content: chinese('文献综述一般分为四步。'),
                createdAt: isoTime(),
                status: oneOf(['complete', 'stopped', 'failed'], 'complete'),
                replyTo: anyId(),
                chargedFen: integer(1),
              },
            ],
          }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const detail = await chatGptLoadById({ id: PACT_CONVERSATION_ID });
        expect(detail.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
        expect(detail.messages[1]).toMatchObject({ status: 'complete', replyTo: detail.messages[0].id });
      });
  });

  it('a conversation that is not the user’s (or no longer exists) is 404 with a message', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.signedIn)
      .uponReceiving('a request for a chat conversation that does not exist')
      .withRequest('POST', '/api/base/chat_gpt_api/load_by_id', (req) =>
        req.headers({ Authorization: BEARER }).query({ id: PACT_MISSING_CONVERSATION_ID }),
      )
      .willRespondWith(404, (res) => res.jsonBody(failure('NOT_FOUND', '对话不存在或已删除')))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const error = await failureOf(chatGptLoadById({ id: PACT_MISSING_CONVERSATION_ID }));
        expect(error.status).toBe(404);
        expect(error.message).toMatch(/\p{Script=Han}/u);
      });
  });

  it('another user’s conversation is 404 too, its messages never shown', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.foreignConversation)
      .uponReceiving('a request for a chat conversation of another user')
      .withRequest('POST', '/api/base/chat_gpt_api/load_by_id', (req) =>
        req.headers({ Authorization: BEARER }).query({ id: PACT_FOREIGN_CONVERSATION_ID }),
      )
      .willRespondWith(404, (res) => res.jsonBody(failure('NOT_FOUND', '对话不存在或已删除')))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const error = await failureOf(chatGptLoadById({ id: PACT_FOREIGN_CONVERSATION_ID }));
        expect(error.status).toBe(404);
        expect(error.message).toMatch(/\p{Script=Han}/u);
      });
  });

  it('completions_stream: the answer arrives as start, deltas and done events (server-sent events)', async () => {
    const ids = { conversationId: 'chat-c1', userMessageId: 'chat-m1', messageId: 'chat-m2' };
    const example = sse([
      { type: 'start', ...ids, title: QUESTION },
      { type: 'delta', content: '文献综述' },
      { type: 'delta', content: '一般分为四步。' },
      { type: 'done', conversationId: ids.conversationId, messageId: ids.messageId, status: 'complete', chargedFen: 1 },
    ]);
    expect(example).toMatch(new RegExp(STREAM_PATTERN));
    await createPact()
      .addInteraction()
      .given(STATES.chatModel)
      .uponReceiving('a question to the assistant, answered as a stream of events')
      .withRequest('POST', '/api/base/chat_gpt_api/completions_stream', (req) =>
        req.headers({ Authorization: BEARER, Accept: 'text/event-stream' }).jsonBody({ content: QUESTION }),
      )
      .willRespondWith(200, (res) =>
        textBody(res.headers({ 'Content-Type': regex('^text/event-stream(;.*)?$', 'text/event-stream; charset=utf-8') }), 'text/event-stream; charset=utf-8', example)
          .matchingRules({ body: { path: '$', rules: [regex(STREAM_PATTERN, example)] } }),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const started: unknown[] = [];
        const pieces: string[] = [];
        const done = await streamCompletion(
          { content: QUESTION },
          { signal: new AbortController().signal, onStart: (s) => started.push(s), onDelta: (d) => pieces.push(d) },
        );
        expect(started).toEqual([{ ...ids, title: QUESTION }]);
        expect(pieces.join('')).toBe('文献综述一般分为四步。');
        expect(done).toMatchObject({ conversationId: ids.conversationId, messageId: ids.messageId, chargedFen: 1 });
      });
  });

  it('completions_stream refuses before streaming with the JSON envelope: 503 MODEL_NOT_CONFIGURED', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.noChatModel)
      .uponReceiving('a streamed question to the assistant while no model is configured')
      .withRequest('POST', '/api/base/chat_gpt_api/completions_stream', (req) =>
        req.headers({ Authorization: BEARER, Accept: 'text/event-stream' }).jsonBody({ content: QUESTION }),
      )
      .willRespondWith(503, (res) =>
        res.jsonBody(failure('MODEL_NOT_CONFIGURED', '未配置大模型服务，请联系管理员配置后再试')),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const error = await failureOf(
          streamCompletion({ content: QUESTION }, { signal: new AbortController().signal, onStart: () => undefined, onDelta: () => undefined }),
        );
        expect(error.status).toBe(503);
        expect(error.code).toBe('MODEL_NOT_CONFIGURED');
      });
  });

  it("completions_stream refuses with 429 MODEL_ACCOUNT_BUSY while the account's own questions fill its share of the model", async () => {
    await createPact()
      .addInteraction()
      .given(STATES.modelShareFull)
      .uponReceiving("a streamed question while the account's own model calls fill its share")
      .withRequest('POST', '/api/base/chat_gpt_api/completions_stream', (req) =>
        req.headers({ Authorization: BEARER, Accept: 'text/event-stream' }).jsonBody({ content: QUESTION }),
      )
      .willRespondWith(429, (res) =>
        res.jsonBody(failure('MODEL_ACCOUNT_BUSY', '您同时进行的大模型请求已达上限，请等当前的回答或任务完成后再试')),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const error = await failureOf(
          streamCompletion({ content: QUESTION }, { signal: new AbortController().signal, onStart: () => undefined, onDelta: () => undefined }),
        );
        expect(error.status).toBe(429);
        expect(error.code).toBe('MODEL_ACCOUNT_BUSY');
        expect(error.message).toMatch(/大模型请求已达上限/);
      });
  });

  it('deletes a conversation', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.deletableConversation)
      .uponReceiving('a request to delete a chat conversation')
      .withRequest('POST', '/api/base/chat_gpt_api/delete', (req) =>
        req.headers({ Authorization: BEARER }).query({ id: PACT_DELETABLE_CONVERSATION_ID }),
      )
      .willRespondWith(200, (res) => res.jsonBody(ok({ id: PACT_DELETABLE_CONVERSATION_ID, deleted: true })))
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        expect(await chatGptDelete({ id: PACT_DELETABLE_CONVERSATION_ID })).toEqual({
          id: PACT_DELETABLE_CONVERSATION_ID,
          deleted: true,
        });
      });
  });

  it('completions answers a question in a new conversation, saved and charged', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.chatModel)
      .uponReceiving('a question to the assistant, answered whole')
      .withRequest('POST', '/api/base/chat_gpt_api/completions', (req) =>
        req.headers({ Authorization: BEARER }).jsonBody({ content: QUESTION }),
      )
      .willRespondWith(200, (res) =>
        res.jsonBody(
          ok({
            conversationId: anyId(),
            userMessageId: anyId(),
            messageId: anyId(),
            title: like('请帮我梳理文献综述的写作步骤。'),
            content: like('文献综述一般分为四步……'),
            chargedFen: integer(1),
          }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const answer = await chatGptCompletions({ content: QUESTION });
        expect(answer.content.length).toBeGreaterThan(0);
        expect(answer.chargedFen).toBeGreaterThanOrEqual(0);
      });
  });

  it('without a configured model a question is refused with 503 MODEL_NOT_CONFIGURED, nothing stored or charged', async () => {
    await createPact()
      .addInteraction()
      .given(STATES.noChatModel)
      .uponReceiving('a question to the assistant while no model is configured')
      .withRequest('POST', '/api/base/chat_gpt_api/completions', (req) =>
        req.headers({ Authorization: BEARER }).jsonBody({ content: QUESTION }),
      )
      .willRespondWith(503, (res) =>
        res.jsonBody(failure('MODEL_NOT_CONFIGURED', '未配置大模型服务，请联系管理员配置后再试')),
      )
      .executeTest(async (server) => {
        useMockServer(server.url, { signedIn: true });
        const error = await failureOf(chatGptCompletions({ content: QUESTION }));
        expect(error.status).toBe(503);
        expect(error.code).toBe('MODEL_NOT_CONFIGURED');
      });
  });
});
