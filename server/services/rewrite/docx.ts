import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../context';
import { rewriteParagraphs } from '../../db/schema/rewrites';
import { modeLabel, reportName, resultName, sentenceSummary, termSummary } from '@common/rewrite-modes';
import { countSentences } from '../../engines/rewrite/sentences';
import { readOriginal } from '../check/file-store';
import { keptCounts } from './sentence-figures';
import { loadOwnRow, notFinished, type RewriteApi } from './records';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const FONT = { eastAsia: '宋体', ascii: 'Times New Roman', hAnsi: 'Times New Roman' };

export function safeFileName(title: string, suffix: string): string {
  const safe = Array.from(title.replace(/[\\/:*?"<>|\p{Cc}]/gu, ' ').replace(/\s+/g, ' ').trim()).slice(0, 60).join('');
  return `${safe || '论文'}-${suffix}.docx`;
}

const run = (text: string, extra: Record<string, unknown> = {}) => new TextRun({ text, font: FONT, size: 24, ...extra });

const body = (original: string, rewritten: string, useRewrite: boolean) =>
  new Paragraph({ children: [run(useRewrite && rewritten ? rewritten : original)], indent: { firstLine: 480 }, spacing: { line: 360 } });

async function pairsOf(deps: Deps, id: string) {
  return deps.db.orm.select().from(rewriteParagraphs).where(eq(rewriteParagraphs.taskId, id)).orderBy(rewriteParagraphs.index);
}

/** Word revisions of the 标出改动版 are by 墨研, dated when the rewrite finished (to the second, as Word writes them). */
export function revisionMarks(task: { finishedAt: Date | null; updatedAt: Date }) {
  return { author: '墨研', date: (task.finishedAt ?? task.updatedAt).toISOString().replace(/\.\d{3}Z$/, 'Z') };
}

/**
 * download: the rewritten paper — accepted rewrites, originals elsewhere — clean, or with the changes as
 * Word revisions. A paper uploaded as .docx comes back as that file with only the changed text replaced
 * (paragraphs it cannot take in place keep their text: docxKept on the pair); any other as a new document.
 */
export async function downloadRewritten(deps: Deps, userId: string, id: string, marked = false) {
  const { task, rewrite } = await loadOwnRow(deps.db, userId, id);
  if (task.status !== 'done') throw notFinished();
  const pairs = await pairsOf(deps, id);
  const name = resultName(rewrite);
  const marks = marked ? revisionMarks(task) : undefined;
  const filename = safeFileName(task.title, marked ? `${name}（标出改动）` : name);
  const paragraphs = pairs.map((p) => ({ index: p.index, original: p.original, rewritten: p.accepted ? p.rewritten : '' }));
  const original = rewrite.fileSha256 ? await readOriginal(deps.config.DATA_DIR, rewrite.fileSha256) : null;
  const body = original
    ? (await deps.compute.rewriteDocxInPlace({ docx: original, changes: paragraphs, options: { marks } })).docx
    : await deps.compute.buildTextDocx({ title: task.title, paragraphs, marks });
  return { filename, contentType: DOCX, body };
}

/** A pair's "3/1": sentences rewritten / kept. */
function sentenceCounts(sentences: Parameters<typeof countSentences>[0]): string {
  const counts = countSentences(sentences);
  return `${counts.rewritten}/${counts.kept}`;
}

const pct = (n: number | null) => (n === null ? '—' : `${(n * 100).toFixed(1)}%`);

/** download_report: the figures before and after, per paragraph, and the rewritten text. */
export async function downloadRewriteReport(deps: Deps, userId: string, id: string, api?: RewriteApi) {
  const { task, rewrite } = await loadOwnRow(deps.db, userId, id, api);
  if (task.status !== 'done') throw notFinished();
  const pairs = await pairsOf(deps, id);
  const cell = (text: string) => new TableCell({ children: [new Paragraph({ children: [run(text, { size: 20 })] })] });
  // Every finished rewrite was scored by the detector before (run.ts): its AI figures stand beside the similarity.
  const name = reportName(rewrite);
  const rows = [
    new TableRow({ children: ['段落', '改写/保留句数', '与原文相似度', '字二元组重合', '改写前复制比', '改写后复制比', '改写前 AI 概率', '改写后 AI 概率', '离线改写', '术语保留'].map(cell) }),
    ...pairs.map(
      (p) =>
        new TableRow({
          children: [
            String(p.index + 1),
            sentenceCounts(p.sentences),
            pct(p.similarityToOriginal),
            pct(p.bigramOverlap),
            pct(p.similarityBefore),
            pct(p.similarityAfter),
            pct(p.aigcBefore),
            pct(p.aigcAfter),
            p.offline ? '是' : '否',
            p.lostTerms === null ? '—' : p.lostTerms.length ? `否：${p.lostTerms.join('、')}` : '是',
          ].map(cell),
        }),
    ),
  ];
  const doc = new Document({
    creator: '墨研',
    title: `${task.title} ${name}`,
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.TITLE, alignment: AlignmentType.CENTER, children: [run(`${task.title} ${name}`, { bold: true, size: 32 })] }),
          new Paragraph({ children: [run(`模式：${modeLabel(rewrite)}${task.offline ? '（离线引擎改写，未使用大模型）' : ''}`)] }),
          new Paragraph({ children: [run(`全文复制比：改写前 ${pct(rewrite.similarityBefore)}，改写后 ${pct(rewrite.similarityAfter)}（本站比对库）`)] }),
          new Paragraph({ children: [run(`AI字符占比：改写前 ${pct(rewrite.aigcBefore)}，改写后 ${pct(rewrite.aigcAfter)}（本站检测器）`)] }),
          new Paragraph({ children: [run(`字数：改写前 ${task.charCount}，改写后 ${rewrite.rewrittenCharCount ?? '—'}`)] }),
          new Paragraph({ children: [run(`句子：${sentenceSummary(rewrite.sentenceRewritten ?? 0, rewrite.sentenceKept ?? 0, keptCounts(rewrite.keptReasons))}`)] }),
          new Paragraph({ children: [run(`${termSummary(rewrite.termsChecked, rewrite.lostTerms)}（对照原文逐一核对检测到的术语与指定术语）`)] }),
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [run('逐段数据', { bold: true })] }),
          new Table({ rows, width: { size: 100, type: WidthType.PERCENTAGE } }),
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [run('改写后全文', { bold: true })] }),
          ...pairs.map((p) => body(p.original, p.rewritten, p.accepted)),
        ],
      },
    ],
  });
  return { filename: safeFileName(task.title, name), contentType: DOCX, body: await Packer.toBuffer(doc) };
}
