import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CheckReport } from '@/api/gen/model';
import { formatRatio } from '@/lib/number';
import { renderApp, signIn } from '@/test/render-app';
import { callMock } from '@/test/call-mock';
import { setupMockServer } from '@/test/mock-server';

setupMockServer();

const call = async <T,>(method: 'GET' | 'POST', path: string, token: string, query: string) =>
  (await callMock<T>(`/api/base/check_api/${path}?${query}`, { token, method })).body;

async function finishedReport(token: string): Promise<CheckReport> {
  const { result } = await call<{ records: Array<{ id: string; status: string }> }>('POST', 'query_list', token, 'pageNo=1&pageSize=20');
  const done = result.records.find((record) => record.status === 'done');
  if (!done) throw new Error('no finished check in the mocked list');
  return (await call<CheckReport>('GET', 'report_paragraphs', token, `id=${done.id}`)).result;
}

describe('report viewer', () => {
  it('shows the figures, one bar per paragraph, the marked sentences and the sources', async () => {
    const token = await signIn();
    const report = await finishedReport(token);
    renderApp(`/paper/report/${report.id}`);
    expect(await screen.findByRole('heading', { name: '查重报告', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText(new RegExp(`《${report.title}》`))).toBeInTheDocument();

    expect(within(screen.getByTestId('figure-总文字复制比')).getByText(formatRatio(report.figures.totalRatio))).toBeInTheDocument();
    expect(within(screen.getByTestId('figure-重复字数')).getByText(report.figures.matchedChars.toLocaleString('zh-CN'))).toBeInTheDocument();
    expect(within(screen.getByTestId('figure-疑似段落数')).getByText(String(report.figures.suspectParagraphCount))).toBeInTheDocument();

    const bars = within(screen.getByRole('group', { name: '逐段复制比' })).getAllByRole('button');
    expect(bars.map((bar) => bar.getAttribute('aria-label'))).toEqual(
      report.paragraphs.map((p) => `第 ${p.index + 1} 段 复制比 ${formatRatio(p.ratio)}`),
    );

    const redSentences = report.paragraphs.flatMap((p) => p.sentences.filter((s) => s.mark === 'red').map((s) => Array.from(p.text).slice(s.start, s.end).join('')));
    const marked = document.querySelectorAll('[data-mark="red"]');
    expect(Array.from(marked, (node) => node.textContent)).toEqual(redSentences);
    expect(document.querySelectorAll('[data-mark="orange"]').length).toBe(
      report.paragraphs.flatMap((p) => p.sentences.filter((s) => s.mark === 'orange')).length,
    );

    const sources = within(screen.getByRole('table', { name: '相似文献' }));
    for (const source of report.sources) expect(sources.getByText(source.title)).toBeInTheDocument();
  });

  it('puts the clicked sentence beside its source’s text, and the bar opens a paragraph', async () => {
    const token = await signIn();
    const report = await finishedReport(token);
    const { user } = renderApp(`/paper/report/${report.id}`);
    await screen.findByTestId('figure-总文字复制比');
    expect(screen.getByText('点击正文中标红或标橙的句子，在这里对照相似来源的原文。')).toBeInTheDocument();

    const paragraph = report.paragraphs.find((p) => p.sentences.some((s) => s.mark === 'orange'));
    if (!paragraph) throw new Error('the mocked report has no orange sentence');
    const sentence = paragraph.sentences.find((s) => s.mark === 'orange')!;
    const match = paragraph.matches.find((m) => m.start < sentence.end && m.end > sentence.start)!;
    const text = Array.from(paragraph.text).slice(sentence.start, sentence.end).join('');
    await user.click(within(screen.getByTestId(`paragraph-${paragraph.index}`)).getByText(text));
    expect(screen.getByTestId('compare-original')).toHaveTextContent(Array.from(paragraph.text).slice(match.start, match.end).join(''));
    expect(screen.getByTestId('compare-source')).toHaveTextContent(match.sourceText);
    expect(screen.getByText(`来源：${report.sources.find((s) => s.id === match.sourceId)?.title}`, { exact: false })).toBeInTheDocument();

    const red = report.paragraphs.find((p) => p.ratio > 0.5)!;
    await user.click(screen.getByRole('button', { name: `第 ${red.index + 1} 段 复制比 ${formatRatio(red.ratio)}` }));
    expect(screen.getByTestId('compare-source')).toHaveTextContent(red.matches[0].sourceText);
  });

  it('says when the check has not finished yet', async () => {
    const token = await signIn();
    const { result } = await call<{ records: Array<{ id: string; status: string }> }>('POST', 'query_list', token, 'pageNo=1&pageSize=20');
    const pending = result.records.find((record) => record.status === 'queued' || record.status === 'draft');
    renderApp(`/paper/report/${pending?.id}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('查重尚未完成，报告暂不可查看');
  });
});
