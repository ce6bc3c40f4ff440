import type { LlmGateway } from '../llm';
import type { SentenceStatus } from './sentences';
import type { ParagraphRole } from './structure';

/**
 * smart: the offline engine (no model). rewrite / strong / polish / cnki / aigc: a model through the
 * gateway, falling back to the offline engine (labelled offline) when none is configured.
 */
export const REWRITE_MODES = ['rewrite', 'strong', 'cnki', 'smart', 'polish', 'aigc'] as const;
export type RewriteMode = (typeof REWRITE_MODES)[number];

export const isRewriteMode = (value: unknown): value is RewriteMode =>
  typeof value === 'string' && (REWRITE_MODES as readonly string[]).includes(value);

export interface RewriteOptions {
  mode: RewriteMode;
  /** Same seed, same text, same options: the same offline rewrite (default 1). */
  seed?: number;
  /** Terms the user wants kept exactly as written. */
  protectedTerms?: string[];
  /** The paper's title: the paragraph reading so is never rewritten, its words are terms. */
  title?: string;
  /** Rewrite 附录 and 致谢 too (after 参考文献 nothing is rewritten otherwise). */
  backMatter?: boolean;
  /** The model gateway; without one (or without a model for `rewrite`) the model modes run offline. */
  gateway?: LlmGateway;
  signal?: AbortSignal;
  /** Called with each paragraph as soon as it is done, in order. */
  onParagraph?: (paragraph: RewrittenParagraph) => void | Promise<void>;
  /** Model candidates per paragraph (best of N); default REWRITE_CANDIDATES or 3. */
  candidates?: number;
  /** Task the model calls are recorded against. */
  taskId?: string;
  /**
   * Only these paragraphs are rewritten, by paragraphKey: `true` for the whole paragraph, or the
   * code-point ranges [start, end) of the sentences to rewrite in it (学术库降重: what 查重 flagged). The
   * other paragraphs come back unchanged (`changed: false`). Absent: every paragraph.
   */
  only?: Record<string, true | Array<[number, number]>>;
  /** Paragraph indexes a resumed run already stored: they come back unchanged with no work and no model call. */
  skip?: readonly number[];
}

export interface RewrittenParagraph {
  index: number;
  original: string;
  /** What the paragraph is in the document; only body paragraphs are rewritten. */
  role: ParagraphRole;
  rewritten: string;
  /** Every sentence of the original: rewritten, or kept and why. */
  sentences: SentenceStatus[];
  /** Written by the offline engine (no model, or every model candidate was rejected). */
  offline: boolean;
  /** Share of the rewrite's characters in runs of 13+ shared with the original (our 查重 measure), 0-1. */
  similarityToOriginal: number;
  /** Character-bigram overlap with the original (Dice, 0-1): a proxy for meaning kept. */
  bigramOverlap: number;
  /** Every protected span of the original is in the rewrite unchanged. */
  protectedKept: boolean;
  /** False when the paragraph came back as it was (kept for its role, not selected, or no safe edit). */
  changed?: boolean;
}

export interface RewriteResult {
  mode: RewriteMode;
  /** True when any paragraph was written by the offline engine. */
  offline: boolean;
  paragraphs: RewrittenParagraph[];
  /** The document's terms (its 关键词, title, compounds, the user's), longest first: what the term check reads. */
  terms: string[];
}
