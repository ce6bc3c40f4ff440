import type { PaperOutline } from '@/api/gen/model';

// The outline editor's operations, on the client: each returns a new outline, renumbered (第1章 / 1.1) from
// the positions, with a chapter that has sections as long as its sections. The server checks the outline
// again on commit (server/engines/writing/outline.ts) and says in Chinese what is wrong.

const CHAPTER_NUMBER = /^\s*(?:第\s*[0-9一二三四五六七八九十百零〇两]+\s*[章部分篇]|[0-9]+(?:[.、．](?![0-9])|\s))\s*/u;
const SECTION_NUMBER = /^\s*(?:[0-9]+(?:[.．][0-9]+)+|（[一二三四五六七八九十]+）|\([0-9]+\)|[一二三四五六七八九十]+、)\s*/u;

export const stripNumber = (heading: string) => heading.replace(SECTION_NUMBER, '').replace(CHAPTER_NUMBER, '').trim();

export function renumber(outline: PaperOutline): PaperOutline {
  return {
    chapters: outline.chapters.map((c, ci) => {
      const sections = c.sections.map((s, si) => ({ ...s, heading: `${ci + 1}.${si + 1} ${stripNumber(s.heading)}` }));
      return {
        heading: `第${ci + 1}章 ${stripNumber(c.heading)}`,
        targetLength: sections.length > 0 ? sections.reduce((n, s) => n + s.targetLength, 0) : c.targetLength,
        sections,
      };
    }),
  };
}

export const outlineLength = (outline: PaperOutline) => outline.chapters.reduce((n, c) => n + c.targetLength, 0);

type Change = (chapters: PaperOutline['chapters']) => void;

function edit(outline: PaperOutline, change: Change): PaperOutline {
  const chapters = outline.chapters.map((c) => ({ ...c, sections: c.sections.map((s) => ({ ...s, points: [...s.points] })) }));
  change(chapters);
  return renumber({ chapters });
}

function swap<T>(items: T[], i: number, j: number) {
  if (j < 0 || j >= items.length) return;
  [items[i], items[j]] = [items[j], items[i]];
}

export const outlineOps = {
  renameChapter: (o: PaperOutline, c: number, name: string) => edit(o, (ch) => void (ch[c].heading = name)),
  renameSection: (o: PaperOutline, c: number, s: number, name: string) => edit(o, (ch) => void (ch[c].sections[s].heading = name)),
  addChapter: (o: PaperOutline) => edit(o, (ch) => void ch.push({ heading: '新的一章', targetLength: 1000, sections: [] })),
  // A chapter's first section takes the chapter's whole target, so splitting it keeps its length.
  addSection: (o: PaperOutline, c: number) =>
    edit(o, (ch) => void ch[c].sections.push({ heading: '新的一节', targetLength: ch[c].sections.length === 0 ? Math.min(20000, Math.max(100, ch[c].targetLength)) : 1000, points: [] })),
  removeChapter: (o: PaperOutline, c: number) => edit(o, (ch) => void (ch.length > 1 && ch.splice(c, 1))),
  removeSection: (o: PaperOutline, c: number, s: number) =>
    edit(o, (ch) => {
      const [removed] = ch[c].sections.splice(s, 1);
      if (ch[c].sections.length === 0) ch[c].targetLength = Math.max(100, removed.targetLength);
    }),
  moveChapter: (o: PaperOutline, c: number, by: -1 | 1) => edit(o, (ch) => swap(ch, c, c + by)),
  moveSection: (o: PaperOutline, c: number, s: number, by: -1 | 1) => edit(o, (ch) => swap(ch[c].sections, s, s + by)),
  setLength: (o: PaperOutline, c: number, s: number | null, length: number) =>
    edit(o, (ch) => {
      const value = Math.max(0, Math.round(length) || 0);
      if (s === null) ch[c].targetLength = value;
      else ch[c].sections[s].targetLength = value;
    }),
};

/** What the editor can tell before sending (the server has the full rules). */
export function outlineProblems(outline: PaperOutline): string[] {
  const problems: string[] = [];
  outline.chapters.forEach((c, ci) => {
    if (!stripNumber(c.heading)) problems.push(`第${ci + 1}章的标题不能为空`);
    if (c.sections.length === 0 && (c.targetLength < 100 || c.targetLength > 60000)) problems.push(`第${ci + 1}章的目标字数应在 100 到 60000 之间`);
    c.sections.forEach((s, si) => {
      if (!stripNumber(s.heading)) problems.push(`第${ci + 1}章第${si + 1}节的标题不能为空`);
      if (s.targetLength < 100 || s.targetLength > 20000) problems.push(`第${ci + 1}章第${si + 1}节的目标字数应在 100 到 20000 之间`);
    });
  });
  const total = outlineLength(outline);
  if (total < 2000 || total > 200000) problems.push(`全文目标字数应在 2000 到 200000 之间，现为 ${total}`);
  return problems;
}
