// AI 对话 (/gpt) against the real server and the fake model (e2e/server.ts starts it with `fakeLlm`): a question's
// answer streams in and grows on screen, 停止生成 stops it midway (the model's request is closed, the partial answer
// is stored as stopped), 重新生成 answers again, and after a reload the conversation is in the list with both answers.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { ChatConversationDetail } from '../src/api/gen/model';
import { loginWithPassword, storedToken } from './login';
import type { RealFlow } from './real-server';

const USER = { username: 'e2e_chat', password: 'Moyan2026!' };
const QUESTION = '文献综述一般包括哪几部分？';
/** Between tokens of the first answer, so that it can be watched and stopped midway. */
const SLOW_TOKEN_MS = 80;

const answers = (page: Page) => page.locator('[data-role="assistant"]');
const lastAnswer = (page: Page) => answers(page).last();
const answerText = async (page: Page) => (await lastAnswer(page).innerText()).trim();

/** The answer's length a few times while it streams: each must be longer than the one before. */
async function watchItGrow(page: Page): Promise<number[]> {
  await lastAnswer(page).getByText('这是墨研测试用模拟模型').waitFor();
  const lengths: number[] = [];
  for (let sample = 0; sample < 4; sample += 1) {
    assert.equal(await lastAnswer(page).getAttribute('data-state'), 'streaming', '回答在观察时已经结束，流得太快');
    lengths.push((await answerText(page)).length);
    await page.waitForTimeout(600);
  }
  for (let i = 1; i < lengths.length; i += 1) assert.ok(lengths[i] > lengths[i - 1], `回答没有逐步变长：${lengths.join(' → ')}`);
  return lengths;
}

export const chatFlow: RealFlow = {
  name: 'AI 对话：流式回答、停止、重新生成、刷新后仍在列表（真实服务器 + 模拟模型）',
  users: [USER],
  async run({ page, server, artifacts, log }) {
    const fake = server.fakeLlm;
    assert.ok(fake, '真实服务器没有启动模拟模型（startRealServer({ fakeLlm: true })）');
    await server.cli(['user', 'credit', '--username', USER.username, '--fen', '500', '--reason', 'e2e 对话测试']);
    await page.goto(`${server.url}/`);
    await loginWithPassword(page, USER.username, USER.password);
    const token = await storedToken(page);
    assert.ok(token);
    await page.goto(`${server.url}/gpt`);
    await page.getByText('墨研学术助手').waitFor();
    log('登录后打开 /gpt：新对话页，输入框可用');

    fake.script(`slow=${SLOW_TOKEN_MS}`);
    const box = page.getByRole('textbox', { name: '输入问题' });
    await box.fill(QUESTION);
    await page.getByRole('button', { name: '发送' }).click();
    const lengths = await watchItGrow(page);
    await page.waitForURL((url) => url.searchParams.has('id'));
    const conversationId = new URL(page.url()).searchParams.get('id') ?? '';
    await page.screenshot({ path: `${artifacts}/chat-streaming.png` });
    log(`回答逐字出现：${lengths.join(' → ')} 字；对话已保存并打开（?id=${conversationId}）`);

    await page.getByRole('button', { name: '停止生成' }).click();
    await lastAnswer(page).and(page.locator('[data-state="stopped"]')).waitFor();
    await lastAnswer(page).getByText('已停止生成').waitFor();
    // What the stopped answer cost is said once it is stored (charged by what arrived before the stop).
    await lastAnswer(page).getByText(/^扣费 ¥[\d.]+（按已生成的 \d+ 字）$/).waitFor();
    const upstream = await fake.waitFor((request) => request.aborted);
    const partial = await answerText(page);
    await page.waitForTimeout(1000);
    assert.equal(await answerText(page), partial, '停止后回答仍在变化');
    const stored = await server.api<ChatConversationDetail>('POST', '/api/base/chat_gpt_api/load_by_id', { query: { id: conversationId }, token });
    const stoppedAnswer = stored.messages.at(-1);
    assert.equal(stoppedAnswer?.role, 'assistant');
    assert.equal(stoppedAnswer?.status, 'stopped');
    assert.ok(stoppedAnswer && stoppedAnswer.content.length > 0 && partial.includes(stoppedAnswer.content.slice(0, 20)), '保存的部分回答与页面不符');
    await page.screenshot({ path: `${artifacts}/chat-stopped.png` });
    log(`停止生成：模拟模型的请求被关闭（已发 ${upstream.tokens} 个词元），部分回答保留并标记“已停止生成”，服务器保存为 stopped`);

    await lastAnswer(page).getByRole('button', { name: '重新生成' }).click();
    await answers(page).nth(1).waitFor();
    await lastAnswer(page).and(page.locator('[data-state="complete"]')).waitFor();
    await lastAnswer(page).getByText('研究不足').waitFor();
    assert.equal(await answers(page).count(), 2);
    assert.equal(await answers(page).first().getAttribute('data-state'), 'stopped');
    log('重新生成：同一问题的新回答完整出现在已停止的回答下方');

    await page.reload();
    const list = page.getByRole('navigation', { name: '对话列表' });
    await list.getByRole('button', { name: new RegExp(`^${QUESTION.slice(0, 8)}`) }).waitFor();
    await lastAnswer(page).getByText('研究不足').waitFor();
    assert.equal(await answers(page).count(), 2);
    assert.deepEqual(await page.locator('[data-role="user"]').allInnerTexts(), [QUESTION]);
    log('刷新页面：对话在列表中，两条回答（已停止的与完整的）都在');

    await page.goto(`${server.url}/gpt`);
    await list.getByRole('button', { name: new RegExp(`^${QUESTION.slice(0, 8)}`) }).click();
    await page.waitForURL((url) => url.searchParams.get('id') === conversationId);
    await lastAnswer(page).getByText('研究不足').waitFor();
    await page.screenshot({ path: `${artifacts}/chat-reloaded.png` });
    log('新开 /gpt：从列表打开这个对话');
  },
};
