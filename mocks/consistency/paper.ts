import { OUTLINE, OUTLINE_POINTS, PARAGRAPHS } from '../vocab/papers';
import { countChars } from '@common/char-count';
import { topicOf, vocab } from '../vocab';
import { type Obj, type Rule, clamp, doneShare, has, isDone, within } from './shape';

const CHAPTERS = OUTLINE.length;
const MAX_SECTIONS = CHAPTERS + OUTLINE.reduce((n, chapter) => n + chapter.sections.length, 0);

/**
 * The outline of a paper with `sectionCount` headings (chapters and their sections, as the contract counts
 * them), lengths shared out of its target length. The same count always gives the same outline, so a
 * paper's list record, its detail and its sections agree.
 */
export function outlineOf(sectionCount: number, targetLength: number) {
  const sections = sectionCount - CHAPTERS;
  const chapterLength = Math.round(targetLength / CHAPTERS);
  return {
    chapters: OUTLINE.map((chapter, c) => {
      const own = chapter.sections.slice(0, Math.floor(sections / CHAPTERS) + (c < sections % CHAPTERS ? 1 : 0));
      return {
        heading: chapter.heading,
        targetLength: chapterLength,
        sections: own.map((heading, s) => ({
          heading,
          targetLength: Math.max(100, Math.round(chapterLength / Math.max(1, own.length))),
          points: [OUTLINE_POINTS[(c * 2 + s) % OUTLINE_POINTS.length], OUTLINE_POINTS[(c * 2 + s + 5) % OUTLINE_POINTS.length]],
        })),
      };
    }),
  };
}

/** The headings of an outline in reading order with their level (1 chapter, 2 section). */
export function headingsOf(outline: ReturnType<typeof outlineOf>) {
  return outline.chapters.flatMap((chapter) => [
    { heading: chapter.heading, level: 1, targetLength: chapter.targetLength },
    ...chapter.sections.map((section) => ({ heading: section.heading, level: 2, targetLength: section.targetLength })),
  ]);
}

/** Text written for section `index` of a paper. */
export const sectionText = (index: number) => [PARAGRAPHS[index % PARAGRAPHS.length], PARAGRAPHS[(index + 7) % PARAGRAPHS.length]].join('\n');

const STAGE_OF: Record<string, string> = { draft: 'outline', done: 'done' };

/**
 * A paper's discipline and keywords are its topic's; its stage, sections done and characters written
 * follow its status; the detail's outline has exactly its sections.
 */
function settlePaper(o: Obj): void {
  const topic = topicOf(o.title);
  const sectionCount = within(o.sectionCount, CHAPTERS, MAX_SECTIONS, () => clamp(vocab.sectionCount(), CHAPTERS, MAX_SECTIONS));
  const sectionsDone = Math.round(sectionCount * doneShare(o));
  const targetLength = within(o.targetLength, 2000, 200_000, vocab.targetLength);
  Object.assign(o, {
    discipline: topic.discipline,
    keywords: topic.keywords,
    stage: STAGE_OF[String(o.status)] ?? 'writing',
    sectionCount,
    sectionsDone,
    targetLength,
    charCount: Math.round((targetLength * sectionsDone) / sectionCount),
  });
  if ('outline' in o) o.outline = outlineOf(sectionCount, targetLength);
}

/** A section or companion material has its text once done; until then an empty string. */
function settleWritten(o: Obj): void {
  const done = isDone(o);
  if (!done) o.content = '';
  else if (!o.content) o.content = vocab.paragraph();
  o.charCount = countChars(String(o.content));
  if ('error' in o) o.error = o.status === 'failed' ? (o.error ?? vocab.taskError()) : null;
  if ('targetLength' in o) o.targetLength = within(o.targetLength, 100, 60_000, () => 1500);
}

const MATERIAL_TITLES: Record<string, string> = { proposal: '开题报告', 'literature-review': '文献综述', acknowledgement: '致谢' };

export const paperRules: Rule[] = [
  { name: 'paper record', applies: (o) => has(o, 'degree', 'stage', 'sectionCount', 'sectionsDone', 'status'), fix: settlePaper },
  { name: 'paper section', applies: (o) => has(o, 'paperId', 'level', 'heading', 'content', 'status'), fix: settleWritten },
  {
    name: 'paper material',
    applies: (o) => has(o, 'kind', 'title', 'content', 'status') && String(o.kind) in MATERIAL_TITLES,
    fix: (o) => {
      o.title = MATERIAL_TITLES[String(o.kind)];
      settleWritten(o);
    },
  },
];
