import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType } from 'docx';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../context';
import { rewriteParagraphs } from '../../db/schema/rewrites';
import { diffChars } from '@common/char-diff';
import { modeLabel, reportName } from '@common/rewrite-modes';
import { loadOwnRow, notFinished, type RewriteApi } from './records';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const FONT = { eastAsia: '宋体', ascii: 'Times New Roman', hAnsi: 'Times New Roman' };

export function safeFileName(title: string, suffix: string): string {
  const safe = Array.from(title.replace(/[\\/:*?"<>|\p{Cc}]/gu, ' ').replace(/\s+/g, ' ').trim()).slice(0, 60).join('');
  return `${safe || '论文'}-${suffix}.docx`;
}

const run = (text: string, extra: Record<string, unknown> = {}) => new TextRun({ text, font: FONT, size: 24, ...extra });

function body(original: string, rewritten: string, useRewrite: boolean, marked: boolean): Paragraph {
  const indent = { firstLine: 480 };
  if (!useRewrite || !rewritten) return new Paragraph({ children: [run(original)], indent, spacing: { line: 360 } });
  if (!marked) return new Paragraph({ children: [run(rewritten)], indent, spacing: { line: 360 } });
  const children = diffChars(original, rewritten).map((p) =>
    p.kind === 'same' ? run(p.text) : p.kind === 'removed' ? run(p.text, { strike: true, color: '999999' }) : run(p.text, { underline: {}, color: 'C0392B' }),
  );
  return new Paragraph({ children, indent, spacing: { line: 360 } });
}

async function pairsOf(deps: Deps, id: string) {
  return deps.db.orm.select().from(rewriteParagraphs).where(eq(rewriteParagraphs.taskId, id)).orderBy(rewriteParagraphs.index);
}

/** download: the rewritten paper — accepted rewrites, originals elsewhere — optionally with changes marked. */
export async function downloadRewritten(deps: Deps, userId: string, id: string, marked = false) {
  const { task } = await loadOwnRow(deps.db, userId, id);
  if (task.status !== 'done') throw notFinished();
  const pairs = await pairsOf(deps, id);
  const doc = new Document({
    creator: '墨研',
    title: task.title,
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.TITLE, alignment: AlignmentType.CENTER, children: [run(task.title, { bold: true, size: 32 })] }),
          ...pairs.map((p) => body(p.original, p.rewritten, p.accepted, marked)),
        ],
      },
    ],
  });
  return { filename: safeFileName(task.title, marked ? '降重结果（标出改动）' : '降重结果'), contentType: DOCX, body: await Packer.toBuffer(doc) };
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
    new TableRow({ children: ['段落', '与原文相似度', '字二元组重合', '改写前复制比', '改写后复制比', '改写前 AI 概率', '改写后 AI 概率', '离线改写', '术语保留'].map(cell) }),
    ...pairs.map(
      (p) =>
        new TableRow({
          children: [
            String(p.index + 1),
            pct(p.similarityToOriginal),
            pct(p.bigramOverlap),
            pct(p.similarityBefore),
            pct(p.similarityAfter),
            pct(p.aigcBefore),
            pct(p.aigcAfter),
            p.offline ? '是' : '否',
            p.protectedKept === null ? '—' : p.protectedKept ? '是' : '否',
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
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [run('逐段数据', { bold: true })] }),
          new Table({ rows, width: { size: 100, type: WidthType.PERCENTAGE } }),
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [run('改写后全文', { bold: true })] }),
          ...pairs.map((p) => body(p.original, p.rewritten, p.accepted, false)),
        ],
      },
    ],
  });
  return { filename: safeFileName(task.title, name), contentType: DOCX, body: await Packer.toBuffer(doc) };
}
