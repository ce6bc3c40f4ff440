import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '@/test/render-app';
import type { ChatConversationDetail } from '@/api/gen/model';
import { callMock } from '@/test/call-mock';
import { recordRequests } from '@/test/request-log';
import { setupMockServer } from '@/test/mock-server';
import { fail, ok } from '../../../mocks/envelope';
import { answerFor } from '../../../mocks/overrides/chat-answers';
import { MOCK_FAULT_MARKER, setMockStreamPace } from '../../../mocks/overrides/chat';
import { HOSTILE_ANSWER, expectHarmless, manualPace } from './test-helpers';
import { currentCapabilities } from '../../../mocks/overrides/capabilities';

const server = setupMockServer();

const STREAM_PATH = '/api/base/chat_gpt_api/completions_stream';
const QUESTION = '文献综述怎么写？';
const ANSWER = answerFor(QUESTION);

async function openChat(path = '/gpt') {
  const token = await signIn();
  const view = renderApp(path);
  await screen.findByRole('navigation', { name: '对话列表' });
  return { ...view, token };
}

/** The conversation as the mocked server stored it. */
async function storedConversation(id: string, token: string) {
  const { body } = await callMock<ChatConversationDetail>(`/api/base/chat_gpt_api/load_by_id?id=${id}`, { token });
  return body.result;
}

const openId = (router: ReturnType<typeof renderApp>['router']) => (router.state.location.search as { id?: string }).id ?? '';

/** completions_stream answering `events` as server-sent events, whatever was asked. */
const streamAnswering = (events: object[]) =>
  http.post(`*${STREAM_PATH}`, () => new Response(events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join(''), { headers: { 'Content-Type': 'text/event-stream' } }));

const thread = () => screen.getByRole('log', { name: '对话内容' });
const answers = () => Array.from(screen.queryByRole('log', { name: '对话内容' })?.querySelectorAll<HTMLElement>('[data-role="assistant"]') ?? []);
const lastAnswer = () => answers().at(-1) as HTMLElement;
const conversations = () => within(screen.getByRole('navigation', { name: '对话列表' }));
const conversationTitles = () => conversations().queryAllByRole('listitem').map((item) => item.textContent ?? '');

async function ask(user: ReturnType<typeof renderApp>['user'], question: string) {
  await user.click(screen.getByRole('textbox', { name: '输入问题' }));
  await user.paste(question);
  await user.click(screen.getByRole('button', { name: '发送' }));
}

describe('/gpt: the chat screen', () => {
  it('lists the conversations, most recent first, and opens one with its answers rendered as markdown', async () => {
    const { user, router } = await openChat();
    await waitFor(() => expect(conversationTitles().length).toBeGreaterThan(1));
    expect(conversationTitles()[0]).toContain('文献综述一般包括哪几部分？');
    await user.click(conversations().getByRole('button', { name: /^毕业论文的研究方法部分/ }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ id: expect.any(String) }));
    // The seeded answer about research methods is a GFM table.
    const table = await within(thread()).findByRole('table');
    expect(within(table).getByRole('columnheader', { name: '要点' })).toBeInTheDocument();
    expect(within(thread()).getByText('毕业论文的研究方法部分应该写哪些内容？')).toBeInTheDocument();
  });

  it('shows the answer as it streams in, then keeps the new conversation in the list, also after a reload', async () => {
    const pace = manualPace();
    const { user, router, unmount } = await openChat();
    await ask(user, QUESTION);
    expect(within(thread()).getByText(QUESTION)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '输入问题' })).toHaveValue('');
    expect(await screen.findByRole('button', { name: '停止生成' })).toBeInTheDocument();
    // The first event stores the conversation: it opens under its id and heads the list.
    await waitFor(() => expect(router.state.location.search).toMatchObject({ id: expect.any(String) }));
    await waitFor(() => expect(conversationTitles()[0]).toContain(QUESTION));

    pace.step();
    await waitFor(() => expect(lastAnswer()).toHaveTextContent(ANSWER.slice(0, 3)));
    expect(lastAnswer()).not.toHaveTextContent(ANSWER.slice(0, 6));
    pace.step(2);
    await waitFor(() => expect(lastAnswer()).toHaveTextContent(ANSWER.slice(0, 9)));
    expect(lastAnswer()).toHaveAttribute('data-state', 'streaming');

    pace.step(10_000);
    await waitFor(() => expect(lastAnswer()).toHaveAttribute('data-state', 'complete'));
    expect(within(lastAnswer()).getByRole('list')).toBeInTheDocument();
    expect(within(lastAnswer()).getByText('研究背景与意义')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '发送' })).toBeInTheDocument();
    expect(within(lastAnswer()).queryByRole('button', { name: /重新生成/ })).not.toBeInTheDocument();

    const id = (router.state.location.search as { id: string }).id;
    unmount();
    renderApp(`/gpt?id=${id}`);
    await waitFor(() => expect(conversationTitles()[0]).toContain(QUESTION));
    expect(conversations().getByRole('button', { current: 'page' })).toHaveTextContent(QUESTION);
    await waitFor(() => expect(lastAnswer()).toHaveTextContent('本文切入点'));
    expect(within(thread()).getByText(QUESTION)).toBeInTheDocument();
  });

  it('stops an answer midway: the part received stays, marked stopped, also as stored; 重新生成 answers again below it', async () => {
    const pace = manualPace();
    const { user, router, token } = await openChat();
    await ask(user, QUESTION);
    pace.step(4);
    await waitFor(() => expect(lastAnswer()).toHaveTextContent(ANSWER.slice(0, 12)));
    await user.click(screen.getByRole('button', { name: '停止生成' }));

    await waitFor(() => expect(lastAnswer()).toHaveAttribute('data-state', 'stopped'));
    expect(within(lastAnswer()).getByText('已停止生成')).toBeInTheDocument();
    expect(lastAnswer()).toHaveTextContent(ANSWER.slice(0, 12));
    expect(lastAnswer()).not.toHaveTextContent(ANSWER.slice(0, 40));
    expect(screen.getByRole('button', { name: '发送' })).toBeInTheDocument();
    // Stopping closed the request: the server kept what it had sent, as stopped, and sends nothing more.
    const stored = await storedConversation(openId(router), token);
    expect(stored.messages.at(-1)).toMatchObject({ role: 'assistant', status: 'stopped' });
    expect(stored.messages.at(-1)?.content.startsWith(ANSWER.slice(0, 12))).toBe(true);
    pace.step(10_000);
    const retry = await within(lastAnswer()).findByRole('button', { name: /重新生成/ });
    expect(lastAnswer()).toHaveAttribute('data-state', 'stopped');

    await user.click(retry);
    await waitFor(() => expect(answers()).toHaveLength(2));
    await waitFor(() => expect(lastAnswer()).toHaveAttribute('data-state', 'complete'));
    expect(lastAnswer()).toHaveTextContent('本文切入点');
    // The question is asked once; the stopped answer stays above the new one.
    expect(within(thread()).getAllByText(QUESTION)).toHaveLength(1);
    expect(answers()[0]).toHaveAttribute('data-state', 'stopped');
    expect(within(answers()[0]).queryByRole('button', { name: /重新生成/ })).not.toBeInTheDocument();
  });

  it('says what a stopped answer cost even when the conversation is read before the server has stored it', async () => {
    const pace = manualPace();
    const { user, router, token } = await openChat();
    await ask(user, QUESTION);
    pace.step(4);
    await waitFor(() => expect(lastAnswer()).toHaveTextContent(ANSWER.slice(0, 12)));
    // The server stores a stopped answer when it notices the closed request, on a busy machine after the
    // screen has read the conversation again: the first two reads after the stop come without it.
    let hidden = 0;
    let reading = false;
    server.use(
      http.post('*/api/base/chat_gpt_api/load_by_id', async () => {
        if (reading || hidden === 2) return undefined;
        reading = true;
        try {
          const stored = await storedConversation(openId(router), token);
          hidden += 1;
          return ok({ ...stored, messages: stored.messages.filter((message) => message.role === 'user') });
        } finally {
          reading = false;
        }
      }),
    );
    await user.click(screen.getByRole('button', { name: '停止生成' }));

    await waitFor(() => expect(within(lastAnswer()).getByText(/^扣费 ¥[\d.]+（按已生成的 12 字）$/)).toBeInTheDocument(), { timeout: 5000 });
    expect(hidden).toBe(2);
    expect(lastAnswer()).toHaveAttribute('data-state', 'stopped');
  });

  it('keeps what arrived of an answer that fails midway, with the reason in Chinese, and retries it', async () => {
    setMockStreamPace(0);
    const { user } = await openChat();
    await ask(user, `${MOCK_FAULT_MARKER}文献综述怎么写？`);
    await waitFor(() => expect(lastAnswer()).toHaveAttribute('data-state', 'failed'));
    expect(within(lastAnswer()).getByText('生成失败')).toBeInTheDocument();
    expect(within(lastAnswer()).getByRole('alert')).toHaveTextContent('大模型服务中途出错，已保留已生成的部分，请重试');
    expect(lastAnswer()).toHaveTextContent(ANSWER.slice(0, 12));
    await user.click(await within(lastAnswer()).findByRole('button', { name: /重新生成/ }));
    await waitFor(() => expect(answers()).toHaveLength(2));
    await waitFor(() => expect(lastAnswer()).not.toHaveAttribute('data-state', 'streaming'));
  });

  it('renders a hostile streamed answer without its HTML, unsafe links or pictures', async () => {
    const ids = { conversationId: '01JD3Q8V4N5K2M7P9R6T8W0XYZ', userMessageId: '01JD3QA1Z6Y5X4W3V2T1S0R9Q8', messageId: '01JD3QA2B7C8D9E0F1G2H3J4K5' };
    server.use(
      streamAnswering([
        { type: 'start', ...ids, title: QUESTION },
        ...HOSTILE_ANSWER.match(/[\s\S]{1,20}/g)!.map((content) => ({ type: 'delta', content })),
        { type: 'done', conversationId: ids.conversationId, messageId: ids.messageId, status: 'complete', chargedFen: 1 },
      ]),
    );
    const { user } = await openChat();
    await ask(user, QUESTION);
    await waitFor(() => expect(lastAnswer()).toHaveAttribute('data-state', 'complete'));
    expect(within(lastAnswer()).getByText('结论')).toBeInTheDocument();
    expectHarmless(lastAnswer());
  });

  it('keeps the draft and shows the server’s message when the question is refused', async () => {
    server.use(http.post(`*${STREAM_PATH}`, () => fail(429, 'RATE_LIMITED', '提问太频繁，请 30 秒后再试')));
    const { user } = await openChat();
    await ask(user, QUESTION);
    expect(await screen.findByText('提问太频繁，请 30 秒后再试')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '输入问题' })).toHaveValue(QUESTION);
    expect(answers()).toHaveLength(0);
  });

  it('keeps the draft when the network fails', async () => {
    server.use(http.post(`*${STREAM_PATH}`, () => Response.error()));
    const { user } = await openChat();
    await ask(user, QUESTION);
    expect(await screen.findByText('网络连接失败，请检查网络后重试')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '输入问题' })).toHaveValue(QUESTION);
  });

  it('refuses an over-long question before sending it', async () => {
    const requests = recordRequests();
    const { user } = await openChat();
    await user.click(screen.getByRole('textbox', { name: '输入问题' }));
    await user.paste('论'.repeat(4001));
    expect(screen.getByText('已输入 4001 字，单条消息最多 4000 字')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '发送' })).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(requests.calls(STREAM_PATH)).toBe(0);
    requests.stop();
  });

  it('sends with Enter and breaks the line with Shift+Enter', async () => {
    setMockStreamPace(0);
    const { user } = await openChat();
    const box = screen.getByRole('textbox', { name: '输入问题' });
    await user.click(box);
    await user.keyboard('第一行{Shift>}{Enter}{/Shift}第二行');
    expect(box).toHaveValue('第一行\n第二行');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(lastAnswer()).toHaveAttribute('data-state', 'complete'));
    expect(box).toHaveValue('');
  });

  it('copies an answer to the clipboard', async () => {
    setMockStreamPace(0);
    const { user } = await openChat();
    await ask(user, QUESTION);
    await waitFor(() => expect(lastAnswer()).toHaveAttribute('data-state', 'complete'));
    await user.click(within(lastAnswer()).getByRole('button', { name: '复制回答' }));
    expect(await navigator.clipboard.readText()).toBe(ANSWER);
    expect(within(lastAnswer()).getByRole('button', { name: '已复制' })).toBeInTheDocument();
  });

  it('deletes a conversation after confirming, and leaves it when it was open', async () => {
    const { user, router } = await openChat();
    await user.click(await conversations().findByRole('button', { name: /^能给一段用 Python/ }));
    await within(thread()).findByText('能给一段用 Python 统计词频的代码吗？');
    await user.click(conversations().getByRole('button', { name: /^删除对话「能给一段用 Python/ }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('删除后无法恢复');
    await user.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(conversationTitles().some((title) => title.includes('Python'))).toBe(false));
    expect(router.state.location.search).not.toHaveProperty('id');
    expect(await screen.findByText('墨研学术助手')).toBeInTheDocument();
  });

  it('says before anything is typed that no model is configured, and asks nothing of chat', async () => {
    const reason = '未配置大模型服务，请联系管理员配置后再试';
    const offer = currentCapabilities();
    server.use(
      http.get('*/api/base/system_api/f/capabilities', () =>
        ok({ ...offer, services: { ...offer.services, chat: { available: false, reason } } }),
      ),
    );
    const requests = recordRequests();
    await signIn();
    renderApp('/gpt');
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: '输入问题' })).not.toBeInTheDocument();
    expect(requests.urls.filter((url) => url.pathname.includes('chat_gpt_api'))).toHaveLength(0);
    requests.stop();
  });
});
