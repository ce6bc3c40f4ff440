import type { SectionKind } from '../text/sections';
import type { SimilarityParams } from './params';
import type { Seeds } from './seeds';

export type SourceOrigin = 'library' | 'submission' | 'own';
/** red over half copied, orange some, cited only inside quoted passages with a [n] marker, none. */
export type SentenceMark = 'red' | 'orange' | 'cited' | 'none';

/** What an import knew about a library document (null when unknown). */
export interface DocumentMetadata {
  author: string | null;
  /** The collection or publication the document came from, e.g. 《计算机学报》. */
  source: string | null;
  year: number | null;
  url: string | null;
}

/** A document of the reference library as the engine sees it. */
export interface LibraryDocument {
  id: string;
  title: string;
  ownerId: string | null;
  origin: 'import' | 'submission';
  text: string;
  metadata?: Partial<DocumentMetadata>;
}

export interface Candidate {
  id: string;
  hits: number;
}

export interface CandidateQuery {
  limit: number;
  excludeIds: string[];
  /** Hashes held by more library documents than this are common phrasing: not looked up (Infinity: all are). */
  commonDocs: number;
}

/** What the engine needs from the reference library (the database index implements it). */
export interface LibraryPort {
  /**
   * Documents holding at least one of the seeds' hashes in an agreeing context (`contextsAgree`), ranked by how many
   * distinct such hashes they hold.
   */
  findCandidates(seeds: Seeds, options: CandidateQuery): Promise<Candidate[]>;
  loadDocuments(ids: string[]): Promise<LibraryDocument[]>;
}

export interface CheckOptions {
  params?: Partial<SimilarityParams>;
  /** Library documents never compared, e.g. the checked submission itself. */
  excludeDocumentIds?: string[];
  /** The submitting user: their documents are the 'own' sources of 去除本人已发表复制比. */
  ownerId?: string | null;
  /** Leave the user's own documents out of every figure, not only 去除本人已发表复制比. */
  excludeOwn?: boolean;
  /** Sections left out of the figures; default cover, 目录, declarations and 参考文献. */
  excludedSections?: SectionKind[];
}

export interface ReportFigures {
  /** 总文字复制比 */
  totalRatio: number;
  /** 去除引用复制比 */
  ratioExcludingQuotes: number;
  /** 去除本人已发表复制比 */
  ratioExcludingSelf: number;
  /** 单篇最大文字复制比 */
  maxSingleRatio: number;
  totalChars: number;
  /** 重复字数 */
  matchedChars: number;
  /** Matched characters inside quoted passages carrying a [n] marker. */
  quotedChars: number;
  paragraphCount: number;
  suspectParagraphCount: number;
  /** 前部重合字数: matched characters in the first 20 % of the body. */
  frontMatchedChars: number;
  /** 后部重合字数: matched characters in the last 20 % of the body. */
  rearMatchedChars: number;
  sourceCount: number;
  referencesExcluded: boolean;
}

export interface ReportSection {
  index: number;
  kind: SectionKind;
  heading: string;
  charCount: number;
  matchedChars: number;
  ratio: number;
  excluded: boolean;
}

/** Offsets of sentences and matches are code points inside the paragraph's text. */
export interface ReportSentence {
  start: number;
  end: number;
  mark: SentenceMark;
  sourceId: string | null;
}

export interface ReportMatch {
  start: number;
  end: number;
  sourceId: string;
  sourceText: string;
}

/** A paragraph of body text; heading lines are not paragraphs, they ride on the paragraph below them. */
export interface ReportParagraph {
  index: number;
  /** Heading lines right above this paragraph (第一章 绪论, 1.1 研究背景). */
  headings: string[];
  section: SectionKind;
  sectionIndex: number;
  /** Code point offset of the paragraph in the checked text. */
  offset: number;
  text: string;
  charCount: number;
  matchedChars: number;
  ratio: number;
  sentences: ReportSentence[];
  matches: ReportMatch[];
}

/** Metadata only for imported documents: another user's submission never shows its author. */
export interface ReportSource extends DocumentMetadata {
  id: string;
  title: string;
  origin: SourceOrigin;
  matchedChars: number;
  ratio: number;
}

/** A matched span: code point offsets into the checked text and into the source's text. */
export interface ReportSpan {
  start: number;
  end: number;
  sourceId: string;
  sourceStart: number;
  sourceEnd: number;
  quoted: boolean;
}

/** Everything a report screen, PDF or the CLI needs; plain JSON. */
export interface CheckReport {
  engine: { version: 1; k: number; t: number; candidates: number };
  figures: ReportFigures;
  sections: ReportSection[];
  sources: ReportSource[];
  paragraphs: ReportParagraph[];
  spans: ReportSpan[];
}
