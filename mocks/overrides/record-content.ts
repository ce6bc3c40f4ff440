import { countChars } from '@common/char-count';
import { consistent } from '../consistency';
import { headingsOf, outlineOf, sectionText } from '../consistency/paper';
import { clamp, num, ratio4 } from '../consistency/shape';
import { OUTLINE, PARAGRAPHS } from '../vocab/papers';
import type { Row } from './request';

// The items inside a record (paragraphs of a rewrite or a detection, sections of a paper), derived from the
// record as its list shows it: as many as it counts, done as far as it got. `item` is a generated item of
// the contract's shape, so fields this file does not know still come with it.

const paragraph = (i: number) => PARAGRAPHS[i % PARAGRAPHS.length];
/** The status of item `i` of a record that finished `done` items. */
const itemStatus = (row: Row, i: number, done: number) =>
  i < done ? 'done' : i === done && (row.status === 'running' || row.status === 'failed') ? String(row.status) : 'queued';

// Word swaps an academic rewrite makes, so a mocked rewrite reads as one of its original (the diff marks them).
const SWAPS: Array<[RegExp, string]> = [
  [/研究/g, '探讨'], [/方法/g, '手段'], [/提高/g, '提升'], [/影响/g, '作用'], [/发展/g, '演进'], [/问题/g, '议题'],
  [/重要/g, '关键'], [/因此/g, '由此'], [/并且/g, '同时'], [/结果表明/g, '结果显示'], [/通过/g, '借助'], [/进行/g, '开展'],
];

/** A mocked rewrite of a paragraph: the swaps, a new opening, and the `variant`-th of a few phrasings. */
export function mockRewrite(original: string, variant = 0): string {
  let text = SWAPS.reduce((out, [from, to]) => out.replace(from, to), original);
  const openings = ['从整体上看，', '具体而言，', '值得注意的是，'];
  text = openings[variant % openings.length] + text;
  return text;
}

/**
 * A rewrite's paragraph pairs: rewritten as far as the record got, accepted as far as the student accepted;
 * the first is a chapter heading (kept as it is), and every fifth one had no safe edit (kept, each sentence
 * saying why), as the engine leaves them.
 */
export function rewritePairs(row: Row, item: () => Row): Row[] {
  const rewritten = num(row.paragraphRewritten);
  return Array.from({ length: num(row.paragraphTotal) }, (_, i) =>
    consistent({
      ...item(),
      id: `${row.id}-${i + 1}`,
      index: i,
      original: i === 0 ? '第1章 绪论' : paragraph(i),
      role: i === 0 ? 'heading' : 'body',
      keptForRole: i === 0,
      sentences: i % 5 === 4 ? [{ start: 0, end: 1, status: 'kept', reason: 'no-safe-edit' }] : [],
      ...(itemStatus(row, i, rewritten) === 'done'
        ? { rewritten: mockRewrite(paragraph(i), i), offline: row.offline === true, protectedKept: true, similarityToOriginal: ratio4(0.08 + (i % 4) * 0.05), bigramOverlap: ratio4(0.58 + (i % 3) * 0.06) }
        : { rewritten: '', offline: row.offline === true, protectedKept: null, similarityToOriginal: null, bigramOverlap: null }),
      status: itemStatus(row, i, rewritten),
      accepted: i < num(row.paragraphAccepted),
      docxKept: num(row.paragraphKeptInDocx) > 0 && i === 2 ? 'textbox' : null,
      similarityBefore: ratio4(clamp(num(row.similarityBefore) + ((i % 5) - 2) * 0.04, 0.01, 1)),
      similarityAfter: null,
      aigcBefore: typeof row.aigcBefore === 'number' ? ratio4(clamp(row.aigcBefore + ((i % 3) - 1) * 0.05, 0.01, 1)) : null,
      aigcAfter: null,
    }),
  );
}

/**
 * A detection's scored paragraphs (none before it is done): exactly `paragraphFlagged` of them medium or
 * high, spread over the paper. A lowering's paragraphs carry their original; the flagged ones are
 * reworded once it is done.
 */
export function aigcParagraphs(row: Row, item: () => Row): Row[] {
  const lowering = row.kind === 'lower';
  if (!lowering && row.status !== 'done') return [];
  const total = num(row.paragraphTotal);
  const flaggedCount = num(row.paragraphFlagged);
  const flagged = new Set(Array.from({ length: flaggedCount }, (_, k) => Math.floor((k * total) / Math.max(1, flaggedCount))));
  return Array.from({ length: total }, (_, i) => {
    const suspect = flagged.has(i);
    const before = suspect ? (i % 2 ? 0.72 : 0.55) : 0.08 + (i % 4) * 0.05;
    const reworded = lowering && suspect && i < num(row.paragraphRewritten);
    return consistent({
      ...item(),
      id: `${row.id}-${i + 1}`,
      index: i,
      section: OUTLINE[Math.min(OUTLINE.length - 1, Math.floor((i * OUTLINE.length) / total))].heading,
      text: paragraph(i),
      original: lowering ? paragraph(i) : null,
      aiProbability: reworded ? 0.12 + (i % 3) * 0.04 : before,
      aiProbabilityBefore: lowering ? before : null,
      ...(reworded ? { text: '' } : {}),
    });
  });
}

/** A paper's sections: its outline's headings in order, written as far as the record got. */
export function paperSections(row: Row, item: () => Row): Row[] {
  const headings = headingsOf(outlineOf(num(row.sectionCount), num(row.targetLength)));
  return headings.map((heading, i) => {
    const status = itemStatus(row, i, num(row.sectionsDone));
    return consistent({
      ...item(),
      id: `${row.id}-${i + 1}`,
      paperId: row.id,
      index: i,
      ...heading,
      status,
      content: status === 'done' ? sectionText(i) : '',
      error: null,
    });
  });
}

/** The assembled text of a paper: the headings and what has been written under them. */
export function paperText(row: Row, item: () => Row): Row {
  const sections = paperSections(row, () => ({ id: '' }));
  const content = sections.map((section) => [section.heading, section.content].filter(Boolean).join('\n')).join('\n');
  return { ...item(), id: row.id, title: row.title, status: row.status, stage: row.stage, content, charCount: countChars(content) };
}

const MATERIALS = ['proposal', 'literature-review', 'acknowledgement'];

/** The companion materials of a classic paper task: written when the paper is. */
export function paperMaterials(row: Row) {
  const status = row.status === 'done' || row.status === 'failed' ? row.status : 'queued';
  const material = (kind: string, i: number) => ({ kind, title: '', status, offline: Boolean(row.offline), content: status === 'done' ? sectionText(i) : '' });
  return { paperId: row.id, materials: MATERIALS.map((kind, i) => consistent(material(kind, i))) };
}
