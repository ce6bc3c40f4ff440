import type { AigcBand } from '../aigc';
import type { AigcSummary, StoredSentence } from '../aigc/scored';

// The report's words, shared by the PDF and its tests.

export const BAND_LABELS: Record<AigcBand, string> = { high: '高度疑似', medium: '中度疑似', low: '轻度疑似', none: '未见异常' };

export const percent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;

export const methodLabel = (summary: Pick<AigcSummary, 'detector'>) =>
  summary.detector.llm ? '离线模型结合大模型对数概率（困惑度曲率）' : '离线模型（未使用大模型）';

/** The note on limits printed on every report, with the measured false-accusation rate. */
export function limitsNote(summary: Pick<AigcSummary, 'detector'>): string[] {
  const { threshold, falseAccusationRate } = summary.detector;
  const rate = Number.isFinite(falseAccusationRate) ? percent(falseAccusationRate) : '未测量';
  return [
    '本结果是统计模型给出的概率估计，不是事实认定；它不能证明某段文字由人或由机器写成，不应作为处分的唯一依据。',
    `判定阈值为 ${threshold}：句子的机器生成概率不低于它即计入 AI 字符占比。`,
    `误判率：在留出的人类学术写作（大模型出现之前的论文摘要）上，本检测器把 ${rate} 的文本判为 AI 生成。`,
    '检测器只支持中文；很短的段落（如标题）不作判定。公式化的写作（综述、模板化的摘要）更容易被误判，请结合写作过程材料判断。',
  ];
}

export interface Segment {
  text: string;
  sentence: StoredSentence | null;
}

/** A paragraph cut at its sentences (offsets are code points), for marking the machine-judged ones. */
export function segmentsOf(text: string, sentences: StoredSentence[]): Segment[] {
  const codes = Array.from(text);
  const out: Segment[] = [];
  let at = 0;
  for (const s of [...sentences].sort((a, b) => a.start - b.start)) {
    const start = Math.max(at, Math.min(s.start, codes.length));
    const end = Math.max(start, Math.min(s.end, codes.length));
    if (start > at) out.push({ text: codes.slice(at, start).join(''), sentence: null });
    if (end > start) out.push({ text: codes.slice(start, end).join(''), sentence: s });
    at = end;
  }
  if (at < codes.length) out.push({ text: codes.slice(at).join(''), sentence: null });
  return out;
}

export function aigcReportFileName(title: string): string {
  const safe = Array.from(title.replace(/[\\/:*?"<>|\p{Cc}]/gu, ' ').replace(/\s+/g, ' ').trim()).slice(0, 60).join('');
  return `${safe || '论文'}-AIGC检测报告.pdf`;
}
