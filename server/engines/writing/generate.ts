import type { LlmCallRecord, LlmGateway } from '../llm';
import { checkCitations, stripModelArtifacts } from './citations';
import { assembleSectionContext, type SectionContextInput } from './context';
import { renumberOutline, validateOutline } from './outline';
import { abstractMessages, materialMessages, type MaterialKind, outlineMessages } from './prompts';
import { DEFAULT_LENGTH, outlineTemplate } from './templates';
import type { Outline, PaperBrief } from './types';

// Generation through the model gateway (server/engines/llm): the outline, the abstract, each section
// (streamed), the companion materials. Every text a model writes passes the citation check.

export interface OutlineResult {
  outline: Outline;
  source: 'model' | 'template';
  /** Shown next to a template outline: 模板, not generated. */
  label: string | null;
}

/** Section lengths planned from the target: each chapter an equal share, split evenly among its sections. */
export function planLengths(chapters: Array<{ heading: string; sections: Array<{ heading: string; points: string[] }> }>, targetLength: number): Outline {
  const perChapter = targetLength / Math.max(1, chapters.length);
  return renumberOutline({
    chapters: chapters.map((c) => {
      const each = Math.min(20_000, Math.max(100, Math.round(perChapter / Math.max(1, c.sections.length) / 100) * 100));
      return {
        heading: c.heading,
        targetLength: Math.min(60_000, Math.max(100, Math.round(perChapter / 100) * 100)),
        sections: c.sections.map((sec) => ({ heading: sec.heading, targetLength: each, points: sec.points })),
      };
    }),
  });
}

/** The first JSON object in a model's answer, read as an outline; null when there is none worth using. */
export function parseModelOutline(answer: string, targetLength: number): Outline | null {
  const start = answer.indexOf('{');
  const end = answer.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  let data: unknown;
  try {
    data = JSON.parse(answer.slice(start, end + 1));
  } catch {
    return null;
  }
  const chapters = (data as { chapters?: unknown }).chapters;
  if (!Array.isArray(chapters) || chapters.length === 0) return null;
  const str = (v: unknown, max: number) => (typeof v === 'string' ? [...v.trim()].slice(0, max).join('') : '');
  const cleaned = chapters.slice(0, 20).map((c) => ({
    heading: str((c as { heading?: unknown }).heading, 90),
    sections: (Array.isArray((c as { sections?: unknown }).sections) ? ((c as { sections: unknown[] }).sections) : [])
      .slice(0, 15)
      .map((sec) => ({
        heading: str((sec as { heading?: unknown }).heading, 90),
        points: (Array.isArray((sec as { points?: unknown }).points) ? (sec as { points: unknown[] }).points : [])
          .map((p) => str(p, 200))
          .filter(Boolean)
          .slice(0, 8),
      }))
      .filter((sec) => sec.heading),
  }));
  const outline = planLengths(cleaned.filter((c) => c.heading), targetLength);
  return outline.chapters.length > 0 && validateOutline(outline).length === 0 ? outline : null;
}

/** The model's outline when it gives a usable one; otherwise (or without a model) the template, labelled. */
export async function generateOutline(
  gateway: LlmGateway | undefined,
  brief: PaperBrief,
  options: { signal?: AbortSignal; taskId?: string } = {},
): Promise<OutlineResult> {
  const template = outlineTemplate(brief.degree, brief.discipline, brief.targetLength || DEFAULT_LENGTH[brief.degree]);
  const fallback = { outline: template.outline, source: 'template' as const, label: template.label };
  if (!gateway?.configured('writing')) return fallback;
  const hint = template.outline.chapters.map((c) => c.heading).join('、');
  const answer = await gateway.complete({
    feature: 'writing',
    messages: outlineMessages(brief, hint),
    maxTokens: 2000,
    temperature: 0.4,
    signal: options.signal,
    taskId: options.taskId,
  });
  const outline = parseModelOutline(answer.content, brief.targetLength);
  return outline ? { outline, source: 'model', label: null } : fallback;
}

export interface WrittenText {
  content: string;
  /** Citation numbers the model used that point to no supplied reference (removed, marked 待补充). */
  removedCitations: number[];
  record: LlmCallRecord;
}

export interface SectionOptions {
  /** Context budget in tokens for the prompt (the answer's tokens come on top). */
  contextBudget: number;
  signal?: AbortSignal;
  taskId?: string;
  /** Called with the text so far (already citation-checked) as it streams in, at most every `textEveryMs`. */
  onText?: (text: string) => void | Promise<void>;
  textEveryMs?: number;
}

/** Tokens to allow for an answer of `chars` characters (Chinese text runs about one token per character). */
export const answerTokens = (chars: number) => Math.min(16_000, Math.ceil(chars * 1.6) + 200);

/** One section written from its context, streamed; the finished text cleaned and citation-checked. */
export async function writeSection(gateway: LlmGateway, input: SectionContextInput, options: SectionOptions): Promise<WrittenText> {
  const { messages } = assembleSectionContext(input, options.contextBudget);
  const call = gateway.stream({
    feature: 'writing',
    messages,
    maxTokens: answerTokens(input.unit.targetLength),
    temperature: 0.7,
    signal: options.signal,
    taskId: options.taskId,
  });
  let raw = '';
  let last = Number.NEGATIVE_INFINITY;
  const count = input.references.length;
  for await (const delta of call) {
    raw += delta.content;
    // Checking the text so far costs its length: done only as often as the caller wants to see it.
    const now = performance.now();
    if (!options.onText || now - last < (options.textEveryMs ?? 0)) continue;
    last = now;
    await options.onText(checkCitations(stripModelArtifacts(raw, input.unit.heading), count).text);
  }
  const checked = checkCitations(stripModelArtifacts(raw, input.unit.heading), count);
  return { content: checked.text, removedCitations: checked.removed, record: await call.record };
}

export interface AbstractResult {
  chinese: string;
  english: string | null;
}

/** Splits "摘要……\nAbstract: ……" into its two parts. */
export function splitAbstract(text: string): AbstractResult {
  const at = text.search(/\n\s*(?:\*\*)?Abstract(?:\*\*)?\s*[:：]/i);
  const chinese = (at >= 0 ? text.slice(0, at) : text).replace(/^\s*(?:\*\*)?摘\s*要(?:\*\*)?\s*[:：]?\s*/, '').trim();
  const english = at >= 0 ? text.slice(at).replace(/^\s*(?:\*\*)?Abstract(?:\*\*)?\s*[:：]\s*/i, '').trim() : null;
  return { chinese, english: english || null };
}

export async function writeAbstract(
  gateway: LlmGateway,
  brief: PaperBrief,
  outline: Outline,
  english: boolean,
  options: { signal?: AbortSignal; taskId?: string } = {},
): Promise<AbstractResult & { record: LlmCallRecord }> {
  const headings = outline.chapters.map((c) => c.heading).join('\n');
  const answer = await gateway.complete({ feature: 'writing', messages: abstractMessages(brief, headings, english), maxTokens: 1500, temperature: 0.5, ...options });
  const parts = splitAbstract(stripModelArtifacts(answer.content, '摘要'));
  return { chinese: checkCitations(parts.chinese, 0).text, english: english ? parts.english : null, record: answer.record };
}

export async function writeMaterial(
  gateway: LlmGateway,
  kind: MaterialKind,
  brief: PaperBrief,
  outline: Outline,
  references: string[],
  options: { signal?: AbortSignal; taskId?: string } = {},
): Promise<WrittenText> {
  const headings = outline.chapters.map((c) => c.heading).join('\n');
  const answer = await gateway.complete({
    feature: 'writing',
    messages: materialMessages(kind, brief, headings, references),
    maxTokens: 4000,
    temperature: 0.6,
    ...options,
  });
  const allowed = kind === 'literature-review' ? references.length : 0;
  const checked = checkCitations(stripModelArtifacts(answer.content, ''), allowed);
  return { content: checked.text, removedCitations: checked.removed, record: answer.record };
}
