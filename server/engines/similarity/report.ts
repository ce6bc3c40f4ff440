import { fromCodePoints } from '../text/code-points';
import type { DocumentStructure } from '../text/document';
import type { NormalizedText } from '../text/normalize';
import type { SectionKind } from '../text/sections';
import type { Range } from '../text/split';
import type { Alignment } from './align';
import { firstEndingAfter, MaskedCounter, unionOf } from './counting';
import { clipSegment, resolveSegments, type Segment, type SourceAlignment } from './resolve';
import { originalRange } from './spans';
import type {
  DocumentMetadata,
  LibraryDocument,
  ReportFigures,
  ReportParagraph,
  ReportSection,
  ReportSource,
  ReportSpan,
  SentenceMark,
  SourceOrigin,
} from './types';

export interface SourceMatches {
  doc: LibraryDocument;
  origin: SourceOrigin;
  normalized: NormalizedText;
  codes: Uint32Array;
  alignments: Alignment[];
}

export interface ReportInput {
  structure: DocumentStructure;
  normalized: NormalizedText;
  sources: SourceMatches[];
  excluded: Set<SectionKind>;
  quotes: Range[];
}

export interface ReportBody {
  figures: ReportFigures;
  sections: ReportSection[];
  sources: ReportSource[];
  paragraphs: ReportParagraph[];
  spans: ReportSpan[];
}

const FRONT_REAR_SHARE = 0.2;
const MAX_SOURCE_TEXT = 5000;

function ratio(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 10000) / 10000 : 0;
}

/** Copied text is red (over half the sentence) or orange; text matched only inside cited quotations is cited. */
function markSentence(matched: number, unquoted: number, chars: number): SentenceMark {
  if (matched === 0 || chars === 0) return 'none';
  if (unquoted === 0) return 'cited';
  return matched * 2 > chars ? 'red' : 'orange';
}

const NO_METADATA: DocumentMetadata = { author: null, source: null, year: null, url: null };

/** What an import knew about a source; nothing about submissions (another user's name stays private). */
function metadataOf(doc: LibraryDocument): DocumentMetadata {
  if (doc.origin !== 'import' || !doc.metadata) return NO_METADATA;
  return { ...NO_METADATA, ...doc.metadata };
}

interface Placed {
  spans: ReportSpan[];
  /** segments[i] is spans[i] in normalised coordinates. */
  segments: Segment[];
}

function place(input: ReportInput, found: SourceAlignment[], quoted: Uint8Array): Placed {
  const { structure, normalized, sources } = input;
  const segments = resolveSegments(found, normalized.codes.length);
  const spans = segments.map((seg) => {
    const a = originalRange(normalized, structure.codes, seg.aStart, seg.aEnd);
    const src = sources[seg.source];
    const b = originalRange(src.normalized, src.codes, seg.bStart, seg.bEnd);
    return {
      start: a.start,
      end: a.end,
      sourceId: src.doc.id,
      sourceStart: b.start,
      sourceEnd: b.end,
      quoted: quoted[a.start] === 1 && quoted[a.end - 1] === 1,
    };
  });
  return { spans, segments };
}

/** First index whose value is at least `value` (sorted array). */
function lowerBound(values: Uint32Array, value: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function mask(length: number, ranges: Range[]): Uint8Array {
  const out = new Uint8Array(length);
  for (const r of ranges) out.fill(1, r.start, r.end);
  return out;
}

/** Builds the serialisable report from the per-source alignments. */
export function buildReport(input: ReportInput): ReportBody {
  const { structure, sources, excluded } = input;
  const n = structure.codes.length;
  const counted = structure.sections.filter((s) => !excluded.has(s.kind));
  const included = mask(n, counted);
  const bodyRanges = counted.filter((s) => s.kind === 'body');
  const inBody = new MaskedCounter(structure.prefix, bodyRanges.length ? mask(n, bodyRanges) : included);
  const inText = new MaskedCounter(structure.prefix, included);
  const quoted = mask(n, input.quotes);
  const inQuotes = new MaskedCounter(structure.prefix, included.map((v, i) => v & quoted[i]));

  const all = sources.flatMap((s, source) => s.alignments.map((alignment) => ({ source, alignment })));
  const placed = place(input, all, quoted);
  const { spans } = placed;
  // Without an own source 去除本人已发表复制比 is the total ratio: resolve the overlaps again only when one is left out.
  const withoutOwn = all.filter((x) => sources[x.source].origin !== 'own');
  const others = withoutOwn.length < all.length ? place(input, withoutOwn, quoted).spans : spans;
  const totalChars = inText.total;
  const matchedChars = inText.within(spans);
  const quotedChars = inQuotes.within(spans);

  const reportSources: ReportSource[] = sources
    .map((s) => {
      const ranges = unionOf(s.alignments.map((al) => originalRange(input.normalized, structure.codes, al.aStart, al.aEnd)));
      const matched = inText.within(ranges);
      return {
        id: s.doc.id,
        title: s.doc.title,
        origin: s.origin,
        ...metadataOf(s.doc),
        matchedChars: matched,
        ratio: ratio(matched, totalChars),
      };
    })
    .filter((s) => s.matchedChars > 0)
    .sort((x, y) => y.matchedChars - x.matchedChars);

  const frontEnd = inBody.offsetAt(inBody.total * FRONT_REAR_SHARE);
  const rearStart = inBody.offsetAt(inBody.total * (1 - FRONT_REAR_SHARE));
  const sections: ReportSection[] = structure.sections.map((s, index) => {
    const charCount = structure.prefix[s.end] - structure.prefix[s.start];
    const matched = inText.within(spans, s.start, s.end);
    return { index, kind: s.kind, heading: s.heading, charCount, matchedChars: matched, ratio: ratio(matched, charCount), excluded: excluded.has(s.kind) };
  });
  // Letters and digits matched outside cited quotations: punctuation a match runs through decides nothing.
  const matchable = new Uint8Array(n);
  for (const origin of input.normalized.origins) matchable[origin] = 1;
  const inUnquoted = new MaskedCounter(structure.prefix, included.map((v, i) => v & matchable[i] & (quoted[i] ^ 1)));
  const paragraphs = buildParagraphs(input, placed, inText, inUnquoted);
  const countedParagraphs = paragraphs.filter((p) => !excluded.has(p.section) && p.charCount > 0);
  const figures: ReportFigures = {
    totalRatio: ratio(matchedChars, totalChars),
    ratioExcludingQuotes: ratio(matchedChars - quotedChars, totalChars),
    ratioExcludingSelf: ratio(inText.within(others), totalChars),
    maxSingleRatio: reportSources.length ? reportSources[0].ratio : 0,
    totalChars,
    matchedChars,
    quotedChars,
    paragraphCount: countedParagraphs.length,
    suspectParagraphCount: countedParagraphs.filter((p) => p.matchedChars > 0).length,
    frontMatchedChars: inBody.within(spans, 0, frontEnd),
    rearMatchedChars: inBody.within(spans, rearStart, n),
    sourceCount: reportSources.length,
    referencesExcluded: excluded.has('references'),
  };
  return { figures, sections, sources: reportSources, paragraphs, spans };
}

/** Paragraphs of text, numbered from 0; heading lines are left out and ride on the paragraph below them. */
function buildParagraphs(
  input: ReportInput,
  { spans, segments }: Placed,
  inText: MaskedCounter,
  inUnquoted: MaskedCounter,
): ReportParagraph[] {
  const { structure, sources, normalized } = input;
  const { prefix, codes } = structure;
  const out: ReportParagraph[] = [];
  let headings: string[] = [];
  for (const p of structure.paragraphs) {
    if (p.heading) {
      headings.push(fromCodePoints(codes, p.start, p.end));
      continue;
    }
    const charCount = prefix[p.end] - prefix[p.start];
    const matchedChars = inText.within(spans, p.start, p.end);
    const sentences = p.sentences.map((s) => {
      const bySource = new Map<string, number>();
      let unquoted = 0;
      for (let i = firstEndingAfter(spans, s.start); i < spans.length && spans[i].start < s.end; i++) {
        const from = Math.max(s.start, spans[i].start);
        const to = Math.min(s.end, spans[i].end);
        const c = inText.chars(from, to);
        if (c) bySource.set(spans[i].sourceId, (bySource.get(spans[i].sourceId) ?? 0) + c);
        unquoted += inUnquoted.chars(from, to);
      }
      const ranked = [...bySource].sort((x, y) => y[1] - x[1]);
      const matched = ranked.reduce((sum, [, c]) => sum + c, 0);
      return {
        start: s.start - p.start,
        end: s.end - p.start,
        mark: markSentence(matched, unquoted, prefix[s.end] - prefix[s.start]),
        sourceId: ranked[0]?.[0] ?? null,
      };
    });
    const matches = [];
    const from = lowerBound(normalized.origins, p.start);
    const to = lowerBound(normalized.origins, p.end);
    for (let i = firstEndingAfter(spans, p.start); i < spans.length && spans[i].start < p.end; i++) {
      const part = clipSegment(segments[i], from, to);
      if (!part) continue;
      const src = sources[part.source];
      const a = originalRange(normalized, codes, part.aStart, part.aEnd);
      const b = originalRange(src.normalized, src.codes, part.bStart, part.bEnd);
      matches.push({
        start: a.start - p.start,
        end: Math.min(a.end, p.end) - p.start,
        sourceId: src.doc.id,
        sourceText: fromCodePoints(src.codes, b.start, Math.min(b.end, b.start + MAX_SOURCE_TEXT)),
      });
    }
    out.push({
      index: out.length,
      headings,
      section: structure.sections[p.section].kind,
      sectionIndex: p.section,
      offset: p.start,
      text: fromCodePoints(codes, p.start, p.end),
      charCount,
      matchedChars,
      ratio: ratio(matchedChars, charCount),
      sentences,
      matches,
    });
    headings = [];
  }
  return out;
}
