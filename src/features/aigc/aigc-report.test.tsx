import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AigcParagraph, AigcRecord } from '@/api/gen/model';
import { countChars } from '@common/char-count';
import { callMock } from '@/test/call-mock';
import { setupMockServer } from '@/test/mock-server';
import { renderApp, signIn } from '@/test/render-app';
import { recordRequests } from '@/test/request-log';

setupMockServer();

const api = async <T,>(path: string, token: string, body?: unknown) => (await callMock<T>(`/api/base/paper_aigc_api/${path}`, { token, body })).body.result;

describe('AIGC detection screens', () => {
  it('the report shows the rate, band, limits, marked sentences with their reasons, and re-scores a paragraph', async () => {
    const token = await signIn();
    const done = (await api<{ records: AigcRecord[] }>('query_list?pageSize=100', token, { kind: 'detect', status: 'done' })).records;
    const record = done[0];
    expect(record).toBeDefined();
    const paragraphs = (await api<{ records: AigcParagraph[] }>(`query_content_list?id=${record.id}&pageNo=1&pageSize=50`, token)).records;
    const requests = recordRequests();
    const { user } = renderApp(`/aigccheck/content/${record.id}`);
    await screen.findByText(record.title);
    expect(await screen.findByTestId('aigc-rate')).toHaveTextContent('AI字符占比');
    expect(screen.getByTestId('aigc-band')).toBeInTheDocument();
    expect(screen.getByTestId('limits-note')).toHaveTextContent('误判率');

    const machineSentences = paragraphs.flatMap((p) => p.sentences.filter((s) => s.machine));
    const marked = await screen.findAllByTestId('machine-sentence');
    expect(marked.length).toBeGreaterThan(0);
    expect(marked.length).toBeLessThanOrEqual(machineSentences.length);
    await user.click(marked[0]);
    const reasons = await screen.findByTestId('sentence-reasons');
    expect(reasons).toHaveTextContent('标出的第 1 句');
    expect(reasons).toHaveTextContent('机器生成概率');

    const card = marked[0].closest('[id^="aigc-paragraph-"]') as HTMLElement;
    await user.click(within(card).getByRole('button', { name: '重新评估' }));
    await waitFor(() => expect(requests.calls('/api/base/paper_aigc_api/reload')).toBe(1));
  });

  it('the form counts characters as you type and prices the text before payment', async () => {
    await signIn();
    const { user } = renderApp('/aigccheck/check');
    const box = await screen.findByPlaceholderText('把论文正文粘贴到这里，每段一行（只支持中文）');
    const text = '深度学习在自然语言处理领域取得了显著的成果。';
    await user.type(box, text);
    await waitFor(() => expect(screen.getByTestId('aigc-quote')).toHaveTextContent(`${countChars(text)} 字`));
    await waitFor(() => expect(screen.getByTestId('aigc-quote')).toHaveTextContent(/费用 ¥[\d.]+/), { timeout: 4000 });
    await user.click(screen.getByRole('button', { name: '开始检测' }));
    // The form's own alert (a toast of the previous test may still be on screen under load).
    expect((await screen.findByText('请输入论文题目')).closest('[role="alert"]')).not.toBeNull();
  });
});
