import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ParagraphPair, RewriteTask } from '@/api/gen/model';
import { callMock } from '@/test/call-mock';
import { setupMockServer } from '@/test/mock-server';
import { renderApp, signIn } from '@/test/render-app';
import { recordRequests } from '@/test/request-log';

setupMockServer();

const api = async <T,>(path: string, token: string) => (await callMock<T>(`/api/base/paper_machine_api/${path}`, { token })).body.result;

describe('rewrite comparison view', () => {
  it('shows each pair side by side with its figures, labels offline rewrites, and accepts or re-runs a paragraph', async () => {
    const token = await signIn();
    const done = (await callMock<{ records: RewriteTask[] }>('/api/base/paper_machine_api/query_list?pageSize=100', { token, body: { status: 'done' } })).body.result.records;
    const record = done[0];
    const pairs = (await api<{ records: ParagraphPair[] }>(`query_content_list?id=${record.id}&pageNo=1&pageSize=100`, token)).records;
    const requests = recordRequests();
    const { user } = renderApp(`/papermachine/content/${record.id}`);
    await screen.findByText(record.title);
    const cards = await screen.findAllByTestId('paragraph-pair');
    expect(cards).toHaveLength(pairs.length);
    const first = within(cards[0]);
    expect(first.getByText(`第 ${pairs[0].index + 1} 段`)).toBeInTheDocument();
    expect(first.getByText(/与原文相似度/)).toBeInTheDocument();
    expect(first.getByText(/复制比 .* → /)).toBeInTheDocument();
    const offlinePairs = pairs.filter((p) => p.offline && p.rewritten).length;
    const recordLabel = record.offline ? 1 : 0;
    expect(screen.queryAllByTestId('offline-label')).toHaveLength(offlinePairs + recordLabel);
    const ready = cards.findIndex((card) => card.dataset.status === 'done');
    expect(ready).toBeGreaterThanOrEqual(0);
    const card = within(cards[ready]);
    const toggle = pairs[ready].accepted ? '保留原文' : '已采纳改写';
    await user.click(card.getByRole('button', { name: /已采纳改写|保留原文/ }));
    await waitFor(() => expect(requests.calls('/api/base/paper_machine_api/accept_content')).toBe(1));
    expect(await card.findByRole('button', { name: toggle })).toBeInTheDocument();
    const before = card.getByTestId('rewritten').textContent;
    await user.click(card.getByRole('button', { name: '重新改写' }));
    await waitFor(() => expect(requests.last('/api/base/paper_machine_api/reload')?.searchParams.get('id')).toBe(pairs[ready].id));
    await waitFor(() => expect(within(screen.getAllByTestId('paragraph-pair')[ready]).getByTestId('rewritten').textContent).not.toBe(before), { timeout: 8000 });
    expect(screen.getAllByTestId('paragraph-pair')[ready].dataset.status).toBe('done');
  });

  it('says the Word downloads are the student’s own file, and marks the paragraph the file cannot take in place', async () => {
    const token = await signIn();
    const records = (await callMock<{ records: RewriteTask[] }>('/api/base/paper_machine_api/query_list?pageSize=100', { token, body: { status: 'done' } })).body.result.records;
    const fromDocx = records.find((r) => r.docxInPlace && r.paragraphKeptInDocx > 0);
    const fromText = records.find((r) => !r.docxInPlace);
    expect(fromDocx).toBeDefined();
    expect(fromText).toBeDefined();
    const pairs = (await api<{ records: ParagraphPair[] }>(`query_content_list?id=${fromDocx!.id}&pageNo=1&pageSize=100`, token)).records;
    const kept = pairs.findIndex((p) => p.docxKept === 'textbox');
    expect(kept).toBeGreaterThanOrEqual(0);
    const view = renderApp(`/papermachine/content/${fromDocx!.id}`);
    await screen.findByText(fromDocx!.title);
    expect(screen.getByTestId('download-note')).toHaveTextContent(`下载的改写稿就是您上传的 Word 文件`);
    expect(screen.getByTestId('download-note')).toHaveTextContent(`其中 ${fromDocx!.paragraphKeptInDocx} 段无法在原文件中原位改写`);
    const cards = await screen.findAllByTestId('paragraph-pair');
    expect(within(cards[kept]).getByTestId('docx-kept')).toHaveTextContent('Word 中保留原文：位于文本框中');
    expect(screen.getAllByTestId('docx-kept')).toHaveLength(pairs.filter((p) => p.docxKept).length);
    view.unmount();
    renderApp(`/papermachine/content/${fromText!.id}`);
    await screen.findByText(fromText!.title);
    expect(screen.getByTestId('download-note')).toHaveTextContent('论文不是以 Word 上传的：下载的改写稿按正文新建 Word 文档');
  });

  it('names a record made from an AIGC report as 降AIGC, with its AI字符占比 before and after', async () => {
    const token = await signIn();
    const records = (await callMock<{ records: RewriteTask[] }>('/api/base/paper_machine_api/query_list?pageSize=100', { token, body: {} })).body.result.records;
    const lowering = records.find((r) => r.source === 'aigc' && r.mode === 'strong');
    expect(lowering).toBeDefined();
    renderApp(`/papermachine/content/${lowering!.id}`);
    await screen.findByText(lowering!.title);
    expect(screen.getByText('强力降AIGC', { selector: '.chakra-badge' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '下载降AIGC报告' })).toBeInTheDocument();
    expect(screen.getByText('AI字符占比（前→后）')).toBeInTheDocument();
  });

  it('explains each mode in one sentence on its screen', async () => {
    await signIn();
    renderApp('/nlp/machine');
    expect(await screen.findByTestId('mode-explained')).toHaveTextContent('不使用大模型的离线引擎');
  });
});
