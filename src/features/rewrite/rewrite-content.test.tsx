import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ParagraphPair, RewriteTask } from '@/api/gen/model';
import { callMock } from '@/test/call-mock';
import { setupMockServer } from '@/test/mock-server';
import { renderApp, signIn } from '@/test/render-app';
import { recordRequests } from '@/test/request-log';

const server = setupMockServer();

const api = async <T,>(path: string, token: string) => (await callMock<T>(`/api/base/paper_machine_api/${path}`, { token })).body.result;

describe('rewrite comparison view', () => {
  it('shows each pair side by side with its figures, labels offline rewrites, and accepts or re-runs a paragraph', async () => {
    const token = await signIn();
    const done = (await callMock<{ records: RewriteTask[] }>('/api/base/paper_machine_api/query_list?pageSize=100', { token, body: { status: 'done' } })).body.result.records;
    const record = done[0];
    const pairs = (await api<{ records: ParagraphPair[] }>(`query_content_list?id=${record.id}&pageNo=1&pageSize=100`, token)).records;
    const requests = recordRequests();
    const { user } = renderApp(`/papermachine/content/${record.id}`);
    // A long record (dozens of pairs) takes a while to render in jsdom on a loaded machine.
    await screen.findByText(record.title, {}, { timeout: 10_000 });
    const cards = await screen.findAllByTestId('paragraph-pair');
    expect(cards).toHaveLength(pairs.length);
    const first = within(cards[0]);
    expect(first.getByText(`第 ${pairs[0].index + 1} 段`)).toBeInTheDocument();
    expect(first.getByText(/与原文相似度/)).toBeInTheDocument();
    expect(first.getByText(/复制比 .* → /)).toBeInTheDocument();
    const offlinePairs = pairs.filter((p) => p.offline && p.rewritten).length;
    const recordLabel = record.offline ? 1 : 0;
    expect(screen.queryAllByTestId('offline-label')).toHaveLength(offlinePairs + recordLabel);
    // A pair that was rewritten (a heading or a sentence with no safe edit comes back as it was: nothing to accept).
    const ready = pairs.findIndex((p) => p.status === 'done' && p.rewritten);
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
    // A record of 42 paragraphs rendered in jsdom, then a re-run the mock finishes after 1.5 s: slow on a loaded machine.
  }, 60_000);

  it('shows the record’s sentence counts and term check, and on each pair the sentences kept and why', async () => {
    const token = await signIn();
    const done = (await callMock<{ records: RewriteTask[] }>('/api/base/paper_machine_api/query_list?pageSize=100', { token, body: { status: 'done' } })).body.result.records;
    const record = done.find((r) => r.sentenceKept !== null && r.paragraphTotal >= 5)!;
    const pairs = (await api<{ records: ParagraphPair[] }>(`query_content_list?id=${record.id}&pageNo=1&pageSize=100`, token)).records;
    renderApp(`/papermachine/content/${record.id}`);
    await screen.findByText(record.title, {}, { timeout: 10_000 });
    const checks = await screen.findByTestId('record-checks');
    expect(checks).toHaveTextContent(`改写 ${record.sentenceRewritten} 句，保留 ${record.sentenceKept} 句`);
    expect(checks).toHaveTextContent('论文题目 1 句');
    expect(checks).toHaveTextContent(`术语保留：是（共 ${record.termsChecked} 个）`);
    const cards = await screen.findAllByTestId('paragraph-pair');
    // A heading is kept for its role, and says so where the rewrite would be.
    expect(pairs[0].role).toBe('heading');
    expect(within(cards[0]).getByTestId('rewritten')).toHaveTextContent('（章节标题，保留原文）');
    expect(within(cards[0]).getByTestId('pair-sentences')).toHaveTextContent('改写 0 句，保留 1 句（章节标题 1 句）');
    // Nothing to rewrite again there: the engine keeps a heading whatever the seed.
    expect(within(cards[0]).getByRole('button', { name: '重新改写' })).toBeDisabled();
    if (record.keptReasons.length > 1) expect(checks).toHaveTextContent(/论文题目 1 句；/u);
    // A body pair with no safe edit says why it was kept; a rewritten one shows its term check.
    const kept = pairs.findIndex((p) => p.role === 'body' && p.status === 'done' && !p.rewritten);
    expect(within(cards[kept]).getByTestId('rewritten')).toHaveTextContent('（没有不伤原意与术语的改法，保留原文）');
    const rewritten = pairs.findIndex((p) => p.status === 'done' && p.rewritten);
    expect(within(cards[rewritten]).getByTestId('terms-kept')).toHaveTextContent('术语完整');
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

  it('says a 降AIGC that lowered nothing was refunded, with the amount the ledger gave back', async () => {
    const token = await signIn();
    const records = (await callMock<{ records: RewriteTask[] }>('/api/base/paper_machine_api/query_list?pageSize=100', { token, body: {} })).body.result.records;
    const lowering = records.find((r) => r.source === 'aigc' && r.status === 'done')!;
    const refunded: RewriteTask = { ...lowering, paragraphRewritten: 0, paragraphAccepted: 0, refundedFen: lowering.priceFen };
    server.use(http.post('*/api/base/paper_machine_api/load_by_id', () => HttpResponse.json({ success: true, result: refunded })));
    renderApp(`/papermachine/content/${lowering.id}`);
    const note = await screen.findByTestId('refund-note');
    expect(note).toHaveTextContent('没有一段的 AI 概率得到降低');
    expect(note).toHaveTextContent(`本次费用 ¥${(lowering.priceFen / 100).toFixed(2)} 已退回余额`);
  });

  it('shows no refund on a record that kept its charge', async () => {
    const token = await signIn();
    const done = (await callMock<{ records: RewriteTask[] }>('/api/base/paper_machine_api/query_list?pageSize=100', { token, body: { status: 'done' } })).body.result.records;
    expect(done[0].refundedFen).toBe(0);
    renderApp(`/papermachine/content/${done[0].id}`);
    await screen.findByText(done[0].title);
    expect(screen.queryByTestId('refund-note')).toBeNull();
  });

  it('explains each mode in one sentence on its screen', async () => {
    await signIn();
    renderApp('/nlp/machine');
    expect(await screen.findByTestId('mode-explained')).toHaveTextContent('不使用大模型的离线引擎');
  });
});
