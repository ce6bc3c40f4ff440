import type { Outline, OutlineChapter, OutlineSection, WritingUnit } from './types';

// Outline editing: what the outline page can do (add, remove, reorder, rename chapters and sections, set a
// section's target length) and the rules an outline must meet before it is committed. Every operation
// returns a new, renumbered outline; headings carry their numbers (第1章 / 1.1), which are always
// recomputed from the position, so the user never numbers anything by hand.

export const OUTLINE_LIMITS = {
  chapters: 20,
  sectionsPerChapter: 15,
  heading: 100,
  points: 8,
  point: 200,
  sectionLength: { min: 100, max: 20_000 },
  chapterLength: { min: 100, max: 60_000 },
  totalLength: { min: 2000, max: 200_000 },
} as const;

const CHAPTER_NUMBER = /^\s*(?:第\s*[0-9一二三四五六七八九十百零〇两]+\s*[章部分篇]|[0-9]+(?:[.、．](?![0-9])|\s))\s*/u;
const SECTION_NUMBER = /^\s*(?:[0-9]+(?:[.．][0-9]+)+|（[一二三四五六七八九十]+）|\([0-9]+\)|[一二三四五六七八九十]+、)\s*/u;

/** A heading without its number ("第1章 绪论" -> "绪论", "1.2 研究现状" -> "研究现状"). */
export function stripNumber(heading: string): string {
  return heading.replace(SECTION_NUMBER, '').replace(CHAPTER_NUMBER, '').trim();
}

export const chapterHeading = (n: number, name: string) => `第${n}章 ${name}`;
export const sectionHeading = (chapter: number, n: number, name: string) => `${chapter}.${n} ${name}`;

/** Headings numbered from their position; a chapter with sections is as long as its sections together. */
export function renumberOutline(outline: Outline): Outline {
  return {
    chapters: outline.chapters.map((c, ci) => {
      const sections = c.sections.map((sec, si) => ({
        heading: sectionHeading(ci + 1, si + 1, stripNumber(sec.heading)),
        targetLength: sec.targetLength,
        points: [...sec.points],
      }));
      return {
        heading: chapterHeading(ci + 1, stripNumber(c.heading)),
        targetLength: sections.length > 0 ? sections.reduce((sum, sec) => sum + sec.targetLength, 0) : c.targetLength,
        sections,
      };
    }),
  };
}

export class OutlineEditError extends Error {}

function chapterAt(outline: Outline, index: number): OutlineChapter {
  const chapter = outline.chapters[index];
  if (!chapter) throw new OutlineEditError(`没有第${index + 1}章`);
  return chapter;
}

function edit(outline: Outline, change: (chapters: OutlineChapter[]) => void): Outline {
  const chapters = outline.chapters.map((c) => ({ ...c, sections: c.sections.map((sec) => ({ ...sec, points: [...sec.points] })) }));
  change(chapters);
  return renumberOutline({ chapters });
}

function move<T>(items: T[], from: number, to: number): void {
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) throw new OutlineEditError('移动的位置超出范围');
  const [item] = items.splice(from, 1);
  items.splice(to, 0, item);
}

export type OutlineEdit =
  | { op: 'add-chapter'; at?: number; name: string; targetLength?: number }
  | { op: 'remove-chapter'; chapter: number }
  | { op: 'move-chapter'; from: number; to: number }
  | { op: 'rename-chapter'; chapter: number; name: string }
  | { op: 'add-section'; chapter: number; at?: number; name: string; targetLength?: number }
  | { op: 'remove-section'; chapter: number; section: number }
  | { op: 'move-section'; chapter: number; from: number; to: number; toChapter?: number }
  | { op: 'rename-section'; chapter: number; section: number; name: string }
  | { op: 'set-length'; chapter: number; section?: number; targetLength: number };

/** Applies one edit (indices from 0). Throws OutlineEditError with a Chinese message when it cannot apply. */
export function applyOutlineEdit(outline: Outline, e: OutlineEdit): Outline {
  return edit(outline, (chapters) => {
    switch (e.op) {
      case 'add-chapter': {
        if (chapters.length >= OUTLINE_LIMITS.chapters) throw new OutlineEditError(`大纲最多 ${OUTLINE_LIMITS.chapters} 章`);
        const at = e.at ?? chapters.length;
        chapters.splice(Math.max(0, Math.min(at, chapters.length)), 0, { heading: e.name, targetLength: e.targetLength ?? 1000, sections: [] });
        return;
      }
      case 'remove-chapter':
        chapterAt({ chapters }, e.chapter);
        if (chapters.length <= 1) throw new OutlineEditError('大纲至少保留一章');
        chapters.splice(e.chapter, 1);
        return;
      case 'move-chapter':
        move(chapters, e.from, e.to);
        return;
      case 'rename-chapter':
        chapterAt({ chapters }, e.chapter).heading = e.name;
        return;
      case 'add-section': {
        const chapter = chapterAt({ chapters }, e.chapter);
        if (chapter.sections.length >= OUTLINE_LIMITS.sectionsPerChapter) {
          throw new OutlineEditError(`每章最多 ${OUTLINE_LIMITS.sectionsPerChapter} 节`);
        }
        const at = e.at ?? chapter.sections.length;
        const section: OutlineSection = { heading: e.name, targetLength: e.targetLength ?? 1000, points: [] };
        chapter.sections.splice(Math.max(0, Math.min(at, chapter.sections.length)), 0, section);
        return;
      }
      case 'remove-section': {
        const chapter = chapterAt({ chapters }, e.chapter);
        if (!chapter.sections[e.section]) throw new OutlineEditError(`第${e.chapter + 1}章没有第${e.section + 1}节`);
        const [removed] = chapter.sections.splice(e.section, 1);
        // The last section gone: the chapter is written whole, with the length its sections had.
        if (chapter.sections.length === 0) chapter.targetLength = Math.max(OUTLINE_LIMITS.chapterLength.min, removed.targetLength);
        return;
      }
      case 'move-section': {
        const source = chapterAt({ chapters }, e.chapter);
        if (e.toChapter === undefined || e.toChapter === e.chapter) {
          move(source.sections, e.from, e.to);
          return;
        }
        const target = chapterAt({ chapters }, e.toChapter);
        if (!source.sections[e.from]) throw new OutlineEditError('移动的位置超出范围');
        if (target.sections.length >= OUTLINE_LIMITS.sectionsPerChapter) throw new OutlineEditError(`每章最多 ${OUTLINE_LIMITS.sectionsPerChapter} 节`);
        const [section] = source.sections.splice(e.from, 1);
        target.sections.splice(Math.max(0, Math.min(e.to, target.sections.length)), 0, section);
        return;
      }
      case 'rename-section': {
        const section = chapterAt({ chapters }, e.chapter).sections[e.section];
        if (!section) throw new OutlineEditError(`第${e.chapter + 1}章没有第${e.section + 1}节`);
        section.heading = e.name;
        return;
      }
      case 'set-length': {
        const chapter = chapterAt({ chapters }, e.chapter);
        if (e.section === undefined) {
          if (chapter.sections.length > 0) throw new OutlineEditError('有节的章，字数由各节字数相加，请设置各节的字数');
          chapter.targetLength = e.targetLength;
          return;
        }
        const section = chapter.sections[e.section];
        if (!section) throw new OutlineEditError(`第${e.chapter + 1}章没有第${e.section + 1}节`);
        section.targetLength = e.targetLength;
        return;
      }
    }
  });
}

/** The whole outline's target length (what commit_paper charges for). */
export function outlineLength(outline: Outline): number {
  return outline.chapters.reduce((sum, c) => sum + (c.sections.length > 0 ? c.sections.reduce((s, sec) => s + sec.targetLength, 0) : c.targetLength), 0);
}

/**
 * What is wrong with an outline, in Chinese (empty: it can be committed). Checked after renumbering, so
 * numbering never counts as a problem; an empty heading is one.
 */
export function validateOutline(outline: Outline): string[] {
  const problems: string[] = [];
  const { chapters } = outline;
  if (!Array.isArray(chapters) || chapters.length === 0) return ['大纲至少需要一章'];
  if (chapters.length > OUTLINE_LIMITS.chapters) problems.push(`大纲最多 ${OUTLINE_LIMITS.chapters} 章，现有 ${chapters.length} 章`);
  const names = new Set<string>();
  chapters.forEach((c, ci) => {
    const where = `第${ci + 1}章`;
    const name = stripNumber(c.heading);
    if (!name) problems.push(`${where}的标题不能为空`);
    else if (names.has(name)) problems.push(`${where}的标题“${name}”与前面的章重复`);
    names.add(name);
    if ([...c.heading].length > OUTLINE_LIMITS.heading) problems.push(`${where}的标题超过 ${OUTLINE_LIMITS.heading} 字`);
    if (c.sections.length > OUTLINE_LIMITS.sectionsPerChapter) problems.push(`${where}最多 ${OUTLINE_LIMITS.sectionsPerChapter} 节`);
    if (c.sections.length === 0) {
      const { min, max } = OUTLINE_LIMITS.chapterLength;
      if (!Number.isInteger(c.targetLength) || c.targetLength < min || c.targetLength > max) {
        problems.push(`${where}的目标字数应在 ${min} 到 ${max} 之间`);
      }
    }
    const sectionNames = new Set<string>();
    c.sections.forEach((sec, si) => {
      const at = `${where}第${si + 1}节`;
      const secName = stripNumber(sec.heading);
      if (!secName) problems.push(`${at}的标题不能为空`);
      else if (sectionNames.has(secName)) problems.push(`${at}的标题“${secName}”与本章前面的节重复`);
      sectionNames.add(secName);
      if ([...sec.heading].length > OUTLINE_LIMITS.heading) problems.push(`${at}的标题超过 ${OUTLINE_LIMITS.heading} 字`);
      const { min, max } = OUTLINE_LIMITS.sectionLength;
      if (!Number.isInteger(sec.targetLength) || sec.targetLength < min || sec.targetLength > max) {
        problems.push(`${at}的目标字数应在 ${min} 到 ${max} 之间`);
      }
      if (sec.points.length > OUTLINE_LIMITS.points) problems.push(`${at}的写作要点最多 ${OUTLINE_LIMITS.points} 条`);
      if (sec.points.some((p) => !p.trim() || [...p].length > OUTLINE_LIMITS.point)) {
        problems.push(`${at}的写作要点不能为空，每条不超过 ${OUTLINE_LIMITS.point} 字`);
      }
    });
  });
  const total = outlineLength(outline);
  const { min, max } = OUTLINE_LIMITS.totalLength;
  if (problems.length === 0 && (total < min || total > max)) problems.push(`全文目标字数应在 ${min} 到 ${max} 之间，现为 ${total}`);
  return problems;
}

/** The outline as the rows the paper stores: a chapter row, then its sections; `writes` marks generation units. */
export function outlineRows(outline: Outline): Array<WritingUnit & { writes: boolean }> {
  const rows: Array<WritingUnit & { writes: boolean }> = [];
  for (const c of outline.chapters) {
    const whole = c.sections.length === 0;
    rows.push({
      index: rows.length,
      level: 1,
      heading: c.heading,
      chapterHeading: c.heading,
      targetLength: whole ? c.targetLength : 0,
      points: [],
      writes: whole,
    });
    for (const sec of c.sections) {
      rows.push({ index: rows.length, level: 2, heading: sec.heading, chapterHeading: c.heading, targetLength: sec.targetLength, points: sec.points, writes: true });
    }
  }
  return rows;
}
