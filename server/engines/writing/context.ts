import type { LlmMessage } from '../llm/types';
import { writingSystemPrompt, sectionTask } from './prompts';
import { referenceList } from './references';
import type { Outline, PaperBrief, WritingUnit } from './types';

// What a section is written from, within the model's context budget: the outline, the abstract and a
// running summary of the sections before it. When everything does not fit, the least useful parts go
// first: the oldest summaries, then the outline's writing points, then the other chapters' sections,
// then the tail of long reference entries, then the abstract's tail.

/** Tokens a text costs, estimated without a tokenizer: a Han character about one, other text four characters each. */
export function estimateTokens(text: string): number {
  let han = 0;
  let other = 0;
  for (const ch of text) {
    if (/\p{Script=Han}|[\u3000-\u303f\uff00-\uffef]/u.test(ch)) han++;
    else other++;
  }
  return han + Math.ceil(other / 4);
}

export const messageTokens = (messages: LlmMessage[], count: (text: string) => number = estimateTokens) =>
  messages.reduce((sum, m) => sum + 4 + count(m.content), 3);

/** A running summary of a written section: its opening and closing sentences, at most `maxChars`. */
export function summarizeSection(text: string, maxChars = 160): string {
  const sentences = text
    .replace(/\s+/g, '')
    .split(/(?<=[。！？；!?])/u)
    .filter((s) => s.length > 0);
  if (sentences.length === 0) return '';
  const first = sentences[0];
  const last = sentences.length > 1 ? sentences[sentences.length - 1] : '';
  const joined = last && first.length + last.length <= maxChars ? `${first}……${last}` : first;
  return [...joined].slice(0, maxChars).join('');
}

export interface SectionContextInput {
  brief: PaperBrief;
  outline: Outline;
  abstract: string;
  /** The sections written before this one, in order. */
  previous: Array<{ heading: string; summary: string }>;
  unit: WritingUnit;
  /** The user's references, formatted, in their order (their numbers are their positions + 1). */
  references: string[];
}

export interface AssembledContext {
  messages: LlmMessage[];
  tokens: number;
  /** What had to be left out to fit the budget. */
  trimmed: { summariesDropped: number; pointsDropped: boolean; otherChaptersCollapsed: boolean; referencesShortened: boolean; abstractShortened: boolean };
}

function outlineText(outline: Outline, unit: WritingUnit, withPoints: boolean, collapse: boolean): string {
  const lines: string[] = [];
  for (const c of outline.chapters) {
    const current = c.heading === unit.chapterHeading;
    lines.push(`${c.heading}（约${c.targetLength}字）${current ? ' ← 本章' : ''}`);
    if (collapse && !current) continue;
    for (const sec of c.sections) {
      const here = sec.heading === unit.heading ? ' ← 本节' : '';
      lines.push(`  ${sec.heading}（约${sec.targetLength}字）${here}`);
      if (withPoints && sec.points.length > 0) lines.push(`    要点：${sec.points.join('；')}`);
    }
  }
  return lines.join('\n');
}

const cut = (text: string, chars: number) => ([...text].length > chars ? `${[...text].slice(0, chars).join('')}……` : text);

/**
 * The messages for writing one unit, as many tokens as `budget` allows at most (the answer's tokens are
 * separate). Throws when even the barest context (title, this section, the reference numbers) does not fit.
 */
export function assembleSectionContext(input: SectionContextInput, budget: number, count: (text: string) => number = estimateTokens): AssembledContext {
  const trimmed = { summariesDropped: 0, pointsDropped: false, otherChaptersCollapsed: false, referencesShortened: false, abstractShortened: false };
  let previous = input.previous;
  let withPoints = true;
  let collapse = false;
  let refLength = Number.POSITIVE_INFINITY;
  let abstract = input.abstract;

  const build = (): LlmMessage[] => {
    const refs = referenceList(input.references.map((r) => cut(r, refLength)));
    const parts = [
      `论文题目：${input.brief.title}`,
      `学科：${input.brief.discipline}；关键词：${input.brief.keywords.join('、') || '无'}`,
      input.brief.requirements ? `补充要求：${input.brief.requirements}` : '',
      abstract ? `摘要：${abstract}` : '',
      `大纲：\n${outlineText(input.outline, input.unit, withPoints, collapse)}`,
      previous.length > 0 ? `前文概要（按顺序）：\n${previous.map((p) => `${p.heading}：${p.summary}`).join('\n')}` : '',
      refs.length > 0 ? `可引用的参考文献（只可引用这些编号）：\n${refs.join('\n')}` : '没有提供参考文献：正文中不得出现任何 [n] 引用标记。',
      sectionTask(input.unit, input.references.length),
    ].filter(Boolean);
    return [
      { role: 'system', content: writingSystemPrompt(input.references.length) },
      { role: 'user', content: parts.join('\n\n') },
    ];
  };

  let messages = build();
  const fits = () => messageTokens(messages, count) <= budget;
  while (!fits()) {
    if (previous.length > 1) {
      // Oldest first, but the summary right before this section stays as long as anything else can go.
      const drop = Math.max(1, Math.ceil(previous.length / 4));
      previous = previous.slice(Math.min(drop, previous.length - 1));
      trimmed.summariesDropped = input.previous.length - previous.length;
    } else if (withPoints) {
      withPoints = false;
      trimmed.pointsDropped = true;
    } else if (!collapse) {
      collapse = true;
      trimmed.otherChaptersCollapsed = true;
    } else if (refLength > 40 && input.references.length > 0) {
      refLength = refLength === Number.POSITIVE_INFINITY ? 120 : Math.floor(refLength / 2);
      trimmed.referencesShortened = true;
    } else if ([...abstract].length > 60) {
      abstract = cut(abstract, Math.floor([...abstract].length / 2));
      trimmed.abstractShortened = true;
    } else if (previous.length > 0) {
      previous = [];
      trimmed.summariesDropped = input.previous.length;
    } else {
      throw new Error(`the section context does not fit in ${budget} tokens`);
    }
    messages = build();
  }
  return { messages, tokens: messageTokens(messages, count), trimmed };
}
