import { charWeights, weightPrefix } from '@common/char-count';
import { findQuotedCitations } from '../text/citations';
import { toCodePoints } from '../text/code-points';
import type { DocumentStructure, Paragraph } from '../text/document';
import { normalizeForMatching } from '../text/normalize';
import type { Section, SectionKind } from '../text/sections';
import { splitSentences } from '../text/split';
import { alignPair, indexText } from './align';
import { DEFAULT_EXCLUDED_SECTIONS, maskExcluded } from './check';
import { DEFAULT_PARAMS, type SimilarityParams } from './params';
import { buildReport, type SourceMatches } from './report';
import type { LibraryDocument, ReportParagraph, SourceOrigin } from './types';

// 边改边查: one edited paragraph checked again against the sources a finished check found, with the same
// alignment, overlap resolution and sentence marking as the full check (checkText), so a sentence gets the
// mark a full check of the edited paper would give it against those sources. The paragraph is checked with
// the lines around it, as the full check sees it: a copied passage may run across a line break.

/** A source of the finished check, normalised once and reused for every edit. */
export type PreparedSource = Omit<SourceMatches, 'alignments'>;

export function prepareSource(doc: LibraryDocument, origin: SourceOrigin): PreparedSource {
  const codes = toCodePoints(doc.text);
  return { doc, origin, codes, normalized: normalizeForMatching(codes) };
}

/** A line of the paper as the text engine split it (trimmed, no line break), with the section it lies in. */
export interface WindowLine {
  text: string;
  section: SectionKind;
  /** A heading line (第一章 绪论, 1.1 研究背景): counted, never a paragraph of its own. */
  heading: boolean;
}

export interface RecheckInput {
  /** The edited paragraph and the lines around it, in order. */
  lines: WindowLine[];
  /** Which of `lines` to report: the edited paragraph and the paragraphs beside it (a passage can run across). */
  targets: number[];
  /** Sections left out of the figures, as the check had them (default: the full check's default). */
  excludedSections?: readonly SectionKind[];
  params?: Partial<SimilarityParams>;
}

export type RecheckedParagraph = Pick<ReportParagraph, 'text' | 'charCount' | 'matchedChars' | 'ratio' | 'sentences' | 'matches'>;

/** The lines as one text (joined by line breaks) cut into sections and paragraphs as analyzeText would. */
function structureOf(lines: WindowLine[]): { structure: DocumentStructure; starts: number[] } {
  const codes = toCodePoints(lines.map((l) => l.text).join('\n'));
  const starts: number[] = [];
  const sections: Section[] = [];
  const paragraphs: Paragraph[] = [];
  let at = 0;
  for (const [i, line] of lines.entries()) {
    const range = { start: at, end: at + toCodePoints(line.text).length };
    starts.push(range.start);
    sections.push({ kind: line.section, heading: '', titled: false, firstParagraph: i, endParagraph: i + 1, ...range });
    paragraphs.push({ ...range, section: i, sentences: splitSentences(codes, range), heading: line.heading });
    at = range.end + 1;
  }
  return { structure: { codes, prefix: weightPrefix(charWeights(codes)), paragraphs, sections }, starts };
}

/**
 * The marks, matches and figures of the target lines against the prepared sources; null for a target that is a
 * heading. A target's figures are exact when the line on each side of it is in `lines` too.
 */
export function recheckLines(input: RecheckInput, sources: readonly PreparedSource[]): Array<RecheckedParagraph | null> {
  const params: SimilarityParams = { ...DEFAULT_PARAMS, ...input.params };
  const excluded = new Set(input.excludedSections ?? DEFAULT_EXCLUDED_SECTIONS);
  const { structure, starts } = structureOf(input.lines);
  const included = new Uint8Array(structure.codes.length);
  for (const s of structure.sections) if (!excluded.has(s.kind)) included.fill(1, s.start, s.end);
  const normalized = normalizeForMatching(structure.codes);
  const indexed = indexText(maskExcluded(normalized, included), params.k);
  const matched: SourceMatches[] = [];
  for (const source of sources) {
    const alignments = alignPair(indexed, source.normalized.codes, params);
    if (alignments.length) matched.push({ ...source, alignments });
  }
  const body = buildReport({ structure, normalized, sources: matched, excluded, quotes: findQuotedCitations(structure.codes) });
  const byOffset = new Map(body.paragraphs.map((p) => [p.offset, p]));
  return input.targets.map((target) => {
    const paragraph = byOffset.get(starts[target]);
    if (!paragraph || input.lines[target].heading) return null;
    const { text, charCount, matchedChars, ratio, sentences, matches } = paragraph;
    return { text, charCount, matchedChars, ratio, sentences, matches };
  });
}

/**
 * An edit to line `edited` of the paper: it and the paragraphs beside it re-checked (a passage copied across a
 * line break is matched on both sides of it), each with the line on either side as context. The result is keyed
 * by line index; headings are left out.
 */
export function recheckAround(
  lines: readonly WindowLine[],
  edited: number,
  sources: readonly PreparedSource[],
  options: Pick<RecheckInput, 'excludedSections' | 'params'> = {},
): Map<number, RecheckedParagraph> {
  const from = Math.max(0, edited - 2);
  const window = lines.slice(from, edited + 3);
  const targets = [edited - 1, edited, edited + 1].filter((line) => line >= 0 && line < lines.length);
  const found = recheckLines({ ...options, lines: window, targets: targets.map((line) => line - from) }, sources);
  const out = new Map<number, RecheckedParagraph>();
  targets.forEach((line, i) => {
    const paragraph = found[i];
    if (paragraph) out.set(line, paragraph);
  });
  return out;
}
