import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckReport } from '@/api/gen/model';
import { formatRatio } from '@/lib/number';
import { renderApp, signIn } from '@/test/render-app';
import { callMock } from '@/test/call-mock';
import { setupMockServer } from '@/test/mock-server';
import { DESKTOP_WIDTH, setViewportWidth } from '@/test/viewport';

setupMockServer();
afterEach(() => setViewportWidth(DESKTOP_WIDTH));

const textOf = (paragraph: CheckReport['paragraphs'][number], start: number, end: number) => Array.from(paragraph.text).slice(start, end).join('');

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
    expect(screen.getByText('点击正文中标红、标橙或标绿（引用）的句子，在这里对照相似来源的原文。')).toBeInTheDocument();

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

  it('states 检测范围, the per-chapter table, the headings, the legend and the cited sentences in green', async () => {
    const token = await signIn();
    const report = await finishedReport(token);
    renderApp(`/paper/report/${report.id}`);
    const scope = within(await screen.findByRole('table', { name: '检测范围' }));
    if (!report.scope) throw new Error('the mocked report has no scope');
    for (const collection of report.scope.collections) {
      const row = scope.getByText(collection.name).closest('tr') as HTMLElement;
      expect(within(row).getByText(`${collection.documents.toLocaleString('en-US')} 篇`)).toBeInTheDocument();
      expect(within(row).getByText(`${collection.chars.toLocaleString('en-US')} 字`)).toBeInTheDocument();
    }
    expect(scope.getByText('（用户提交的论文）')).toBeInTheDocument();
    const total = scope.getByText('合计').closest('tr') as HTMLElement;
    expect(within(total).getByText(`${report.scope.documents.toLocaleString('en-US')} 篇`)).toBeInTheDocument();

    const chapters = within(screen.getByRole('table', { name: '各部分检测结果' }));
    expect(report.sections.length).toBeGreaterThan(1);
    for (const section of report.sections) {
      const row = chapters.getByText(section.heading).closest('tr') as HTMLElement;
      expect(within(row).getByText(formatRatio(section.ratio))).toBeInTheDocument();
      expect(within(row).getByText(section.charCount.toLocaleString('en-US'))).toBeInTheDocument();
    }

    const headings = report.paragraphs.flatMap((p) => p.headings);
    expect(headings).toEqual(expect.arrayContaining(['第一章 绪论', '1.1 研究现状']));
    for (const heading of headings) expect(screen.getByRole('heading', { name: heading, level: 3 })).toBeInTheDocument();

    const legend = within(screen.getByRole('list', { name: '标注说明' }));
    expect(legend.getAllByRole('listitem').map((item) => [item.getAttribute('data-legend'), item.textContent])).toEqual([
      ['red', '句子过半重合'],
      ['orange', '部分重合'],
      ['cited', '引用（带 [n] 标注的引文）'],
    ]);
    const cited = report.paragraphs.flatMap((p) => p.sentences.filter((s) => s.mark === 'cited').map((s) => textOf(p, s.start, s.end)));
    expect(cited.length).toBeGreaterThan(0);
    expect(Array.from(document.querySelectorAll('[data-mark="cited"]'), (node) => node.textContent)).toEqual(cited);
  });

  it('shows what is known of each source: author, source and year, and 本校库 for other users’ papers', async () => {
    const token = await signIn();
    const report = await finishedReport(token);
    const { user } = renderApp(`/paper/report/${report.id}`);
    const sources = within(await screen.findByRole('table', { name: '相似文献' }));
    const known = report.sources.find((s) => s.author && s.source && s.year);
    const submitted = report.sources.find((s) => s.origin === 'submission');
    if (!known || !submitted) throw new Error('the mocked report lacks a source with metadata or a submission');
    const row = sources.getByText(known.title).closest('tr') as HTMLElement;
    expect(within(row).getByText(`${known.author} · ${known.source} · ${known.year}`)).toBeInTheDocument();
    expect(within(sources.getByText(submitted.title).closest('tr') as HTMLElement).getByText('本校库 · 用户提交')).toBeInTheDocument();

    const paragraph = report.paragraphs.find((p) => p.sentences.some((s) => s.mark === 'cited'))!;
    const sentence = paragraph.sentences.find((s) => s.mark === 'cited')!;
    await user.click(within(screen.getByTestId(`paragraph-${paragraph.index}`)).getByText(textOf(paragraph, sentence.start, sentence.end)));
    const source = report.sources.find((s) => s.id === sentence.sourceId)!;
    const compare = within(screen.getByLabelText('相似片段对照'));
    expect(compare.getByText(`${source.author} · ${source.source} · ${source.year}`)).toBeInTheDocument();
  });

  it('on a phone opens the tapped sentence’s comparison in a bottom sheet, not far below it', async () => {
    const token = await signIn();
    const report = await finishedReport(token);
    const { user } = renderApp(`/paper/report/${report.id}`);
    await screen.findByTestId('figure-总文字复制比');
    setViewportWidth(375);
    await waitFor(() => expect(screen.queryByText(/点击正文中标红/)).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const paragraph = report.paragraphs.find((p) => p.sentences.some((s) => s.mark === 'red'))!;
    const sentence = paragraph.sentences.find((s) => s.mark === 'red')!;
    const match = paragraph.matches.find((m) => m.start < sentence.end && m.end > sentence.start)!;
    await user.click(within(screen.getByTestId(`paragraph-${paragraph.index}`)).getByText(textOf(paragraph, sentence.start, sentence.end)));
    const sheet = within(await screen.findByRole('dialog', { name: '相似片段对照' }));
    expect(sheet.getByTestId('compare-original')).toHaveTextContent(textOf(paragraph, match.start, match.end));
    expect(sheet.getByTestId('compare-source')).toHaveTextContent(match.sourceText);
    await user.click(sheet.getByRole('button', { name: '关闭对照' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says when the check has not finished yet', async () => {
    const token = await signIn();
    const { result } = await call<{ records: Array<{ id: string; status: string }> }>('POST', 'query_list', token, 'pageNo=1&pageSize=20');
    const pending = result.records.find((record) => record.status === 'queued' || record.status === 'draft');
    renderApp(`/paper/report/${pending?.id}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('查重尚未完成，报告暂不可查看');
  });
});
