import type { CheckReportView } from './check-view';

// What the PDF and HTML reports share: Chinese labels, number formats and the sentence segments.

type Report = CheckReportView;
type Paragraph = Report['paragraphs'][number];
export type Mark = Paragraph['sentences'][number]['mark'];

export const SECTION_LABELS: Record<Paragraph['section'], string> = {
  cover: '封面',
  toc: '目录',
  abstract: '摘要',
  body: '正文',
  references: '参考文献',
  acknowledgements: '致谢',
  declaration: '声明',
};

export const ORIGIN_LABELS: Record<Report['sources'][number]['origin'], string> = {
  library: '比对库文献',
  submission: '本校库 · 用户提交',
  own: '本人此前提交',
};

/** The legend of the marked text, in the colours CNKI uses: red and orange copied, green cited. */
export const MARK_LEGEND: Array<[Exclude<Mark, 'none'>, string, string]> = [
  ['red', '红色', '句子过半重合'],
  ['orange', '橙色', '部分重合'],
  ['cited', '绿色', '引用（带 [n] 标注的引文，去除引用复制比不计入）'],
];

/** 张三 · 计算机学报 · 2019: what is known of a source besides its title ('' when nothing is). */
export function sourceDetails(source: Report['sources'][number]): string {
  return [source.author, source.source, source.year === null ? null : String(source.year)].filter(Boolean).join(' · ');
}

const thousands = (n: number) => n.toLocaleString('zh-CN');

/** 检测范围 as lines: the library's collections with their documents and characters at check time. */
export function scopeRows(scope: Report['scope']): Array<[string, string]> {
  if (!scope) return [['检测范围', '未记录（本报告生成于记录检测范围之前）']];
  if (scope.documents === 0) return [['比对库', '检测时比对库为空，未与任何文献比对，复制比不能说明论文没有重复']];
  return [
    ...scope.collections.map((c): [string, string] => [
      c.kind === 'submission' ? `${c.name}（用户提交的论文）` : c.name,
      `${thousands(c.documents)} 篇，${thousands(c.chars)} 字`,
    ]),
    ['合计', `${thousands(scope.documents)} 篇，${thousands(scope.chars)} 字`],
  ];
}

export const percent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;

export function reportTime(iso: string): string {
  return new Intl.DateTimeFormat('zh-CN', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(new Date(iso));
}

/** The report's figures, in the order CNKI's report sheet shows them. */
export function figureRows(figures: Report['figures']): Array<[string, string]> {
  return [
    ['总文字复制比', percent(figures.totalRatio)],
    ['去除引用复制比', percent(figures.ratioExcludingQuotes)],
    ['去除本人已发表复制比', percent(figures.ratioExcludingSelf)],
    ['单篇最大文字复制比', percent(figures.maxSingleRatio)],
    ['总字数', String(figures.totalChars)],
    ['重复字数', String(figures.matchedChars)],
    ['引用字数', String(figures.quotedChars)],
    ['总段落数', String(figures.paragraphCount)],
    ['疑似段落数', String(figures.suspectParagraphCount)],
    ['前部重合字数', String(figures.frontMatchedChars)],
    ['后部重合字数', String(figures.rearMatchedChars)],
    ['相似来源数', String(figures.sourceCount)],
  ];
}

export interface Segment {
  text: string;
  mark: Mark;
  sourceId: string | null;
}

/** The paragraph cut into runs of one mark (sentence offsets are code points). */
export function segmentsOf(paragraph: Paragraph): Segment[] {
  const chars = Array.from(paragraph.text);
  const segments: Segment[] = [];
  const push = (start: number, end: number, mark: Mark, sourceId: string | null) => {
    if (end <= start) return;
    const text = chars.slice(start, end).join('');
    const last = segments[segments.length - 1];
    if (last && last.mark === mark && last.sourceId === sourceId) last.text += text;
    else segments.push({ text, mark, sourceId });
  };
  let at = 0;
  for (const s of [...paragraph.sentences].sort((a, b) => a.start - b.start)) {
    const start = Math.max(s.start, at);
    push(at, start, 'none', null);
    push(start, s.end, s.mark, s.mark === 'none' ? null : s.sourceId);
    at = Math.max(at, s.end);
  }
  push(at, chars.length, 'none', null);
  return segments;
}

/** The line above a paragraph: its number, section and, when it has copied text, its ratio. */
export function paragraphCaption(p: Paragraph): string {
  const ratio = p.matchedChars ? ` · 复制比 ${percent(p.ratio)}（重复 ${p.matchedChars} 字）` : '';
  return `第 ${p.index + 1} 段 · ${SECTION_LABELS[p.section]}${ratio}`;
}

/** "[n] title" of a source, numbered (from 1) as the report lists the sources. */
export function sourceLabels(report: Report): (sourceId: string) => string {
  const labels = new Map(report.sources.map((s, i) => [s.id, `[${i + 1}] ${s.title}`]));
  return (sourceId) => labels.get(sourceId) ?? '[?] ';
}

/** A file name from the title: no path or reserved characters, not too long. */
export function reportFileName(title: string, extension: 'pdf' | 'html'): string {
  const safe = Array.from(title.replace(/[\\/:*?"<>|\p{Cc}]/gu, ' ').replace(/\s+/g, ' ').trim()).slice(0, 60).join('');
  return `${safe || '论文'}-查重报告.${extension}`;
}
