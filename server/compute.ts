import type { Slide } from '@common/slides/deck';
import type { AigcLlmScores } from './engines/aigc';
import type { ParagraphAigc } from './engines/aigc/paragraph';
import type { ScoredDetection } from './engines/aigc/scored';
import type { AigcReportView } from './engines/report/aigc-pdf';
import type { CheckReportView } from './engines/report/check-view';
import type { ParagraphOptions, RewriteMode, RewriteOptions, RewriteResult, RewrittenParagraph } from './engines/rewrite';
import type { PreparedText } from './engines/similarity/prepare';
import type { LibraryCopyRows } from './services/library/fingerprint-rows';
import type { CheckOptions, CheckReport, LibraryPort } from './engines/similarity/types';
import type { ExtractedOutline, ExtractOptions } from './engines/slides/extract';
import type { RenderedDeck } from './engines/slides/pptx';
import type { PreparedCheckText } from './engines/text/prepare';
import type { PaperDocument } from './engines/writing/docx';
import type { InPlaceOptions, InPlacePlan, ParagraphChange } from './engines/docx/in-place';
import type { TextDocxInput } from './engines/docx/from-text';

// The one port for engine work. A service asks it (`deps.compute`, a job's `ctx.compute`) and the runtime decides
// where the work runs: the API process and `npm run worker` in the worker-thread pool (server/workers/compute.ts:
// heap and time limits, a hostile document costs a worker, not the API), tests and the CLI in this thread
// (inlineCompute below). One method per worker task; the rewording engine's model path waits on the model
// rather than the CPU, so it runs in this thread either way.

/** The caller's cancellation: a job's signal (shutdown, lost lease) ends the work. */
export interface RunOptions {
  signal?: AbortSignal;
}

export interface RewriteRunOptions extends RunOptions {
  /** Each paragraph as soon as it is done, in order (the job stores it, so a failure part-way keeps it). */
  onParagraph?: (paragraph: RewrittenParagraph) => void | Promise<void>;
}

export interface OfflineRewriteInput {
  text: string;
  mode: RewriteMode;
  seed: number;
  protectedTerms: string[];
  title?: string;
  only?: RewriteOptions['only'];
}

export interface PptOutlineInput {
  text: string;
  pageCount: number;
  title?: string;
  cover?: ExtractOptions['cover'];
}

export interface PptxInput {
  slides: Slide[];
  templateId: string;
  title: string;
}

export interface Compute {
  /** check_init, word_count and every upload: the text extracted, cleaned and counted; DocumentError for a refusal. */
  prepareCheckText(input: { data: Uint8Array } | { content: string }): Promise<PreparedCheckText>;
  /** The similarity engine against the library (whose queries are answered in this thread). */
  checkText(input: { text: string; options?: CheckOptions }, library: LibraryPort, run?: RunOptions): Promise<CheckReport>;
  /** Counting and fingerprinting a text for the reference library. */
  prepareLibraryText(input: { text: string }, run?: RunOptions): Promise<PreparedText>;
  /** The same for a bulk load: the characters counted and the fingerprint rows of document `doc` for COPY. */
  libraryCopyRows(input: { text: string; doc: number }, run?: RunOptions): Promise<LibraryCopyRows>;
  /** download_report: a check's report as PDF (bytes) or self-contained HTML (text). */
  renderCheckReport(input: { report: CheckReportView; format: 'pdf' | 'html' }): Promise<Buffer | string>;
  /** The AIGC detector on a whole text (with the model's per-paragraph scores when given), cut for storage. */
  scoreAigc(input: { text: string; llm?: AigcLlmScores }, run?: RunOptions): Promise<ScoredDetection>;
  /** 改写工作台 AI traces: each paragraph scored by the detector on its own (a long paper takes a second of CPU). */
  scoreAigcParagraphs(input: { texts: string[] }): Promise<ParagraphAigc[]>;
  /** An AIGC report as PDF. */
  renderAigcReport(input: { report: AigcReportView }): Promise<Buffer>;
  /** The rewording engine without a model (智能降重, or any mode when no model is configured). */
  rewriteOffline(input: OfflineRewriteInput, run?: RewriteRunOptions): Promise<RewriteResult>;
  /** The rewording engine with the model gateway of `options`, paragraph by paragraph (onParagraph) as it answers. */
  rewriteDocument(text: string, options: RewriteOptions): Promise<RewriteResult>;
  /** One paragraph rewritten (reload of a pair, an instant rewrite of a short passage). */
  rewriteParagraph(text: string, options: ParagraphOptions): Promise<RewrittenParagraph>;
  /** AI PPT: a paper's offline outline (headings and TextRank key sentences with jieba). */
  extractPptOutline(input: PptOutlineInput): Promise<ExtractedOutline>;
  /** AI PPT: a deck rendered to .pptx in its template (overflow handled). */
  renderPptx(input: PptxInput, run?: RunOptions): Promise<RenderedDeck>;
  /** Paper writing: the paper as .docx. */
  buildPaperDocx(input: { doc: PaperDocument }): Promise<Buffer>;
  /** A rewrite's download from the student's own .docx: the accepted changes written in place (clean, or as revisions). */
  rewriteDocxInPlace(input: { docx: Uint8Array; changes: ParagraphChange[]; options: InPlaceOptions }): Promise<InPlacePlan & { docx: Buffer }>;
  /** Which of a record's rewrites its .docx can take in place (and why not), without writing the file. */
  planDocxInPlace(input: { docx: Uint8Array; changes: ParagraphChange[] }, run?: RunOptions): Promise<InPlacePlan>;
  /** A rewrite's download when the paper came as a PDF or pasted text: a new .docx with headings and styles. */
  buildTextDocx(input: TextDocxInput): Promise<Buffer>;
}

export type ComputeFailureReason = 'timeout' | 'memory' | 'crash';

/** The work was stopped from outside: its time or memory limit, or the thread running it died. */
export class ComputeFailure extends Error {
  constructor(
    readonly reason: ComputeFailureReason,
    message: string,
  ) {
    super(message);
    this.name = 'ComputeFailure';
  }
}

/** The rewording engine could not be loaded (it loads jieba's native module on first use). */
export class EngineMissing extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EngineMissing';
  }
}

/** The rewording engine, imported when first needed rather than when a process starts. */
export async function loadRewriteEngine() {
  try {
    return await import('./engines/rewrite');
  } catch (error) {
    throw new EngineMissing(`the rewording engine (server/engines/rewrite) could not be loaded: ${String(error)}`);
  }
}

/** Every engine in this thread: tests and the CLI. Engines load on first use, as in a worker. */
export function inlineCompute(): Compute {
  return {
    prepareCheckText: async (input) => (await import('./engines/text/prepare')).prepareCheckText(input),
    checkText: async ({ text, options }, library) => (await import('./engines/similarity/check')).checkText(text, library, options),
    prepareLibraryText: async ({ text }) => (await import('./engines/similarity/prepare')).prepareLibraryText(text),
    libraryCopyRows: async ({ text, doc }) => (await import('./services/library/fingerprint-rows')).libraryCopyRows(text, doc),
    renderCheckReport: async ({ report, format }) =>
      format === 'html' ? (await import('./engines/report/check-html')).renderReportHtml(report) : (await import('./engines/report/check-pdf')).renderReportPdf(report),
    scoreAigc: async ({ text, llm }) => (await import('./engines/aigc/scored')).scoreDetection(text, { llm }),
    scoreAigcParagraphs: async ({ texts }) => {
      const { scoreParagraphAigc } = await import('./engines/aigc/paragraph');
      return texts.map((text) => scoreParagraphAigc(text));
    },
    renderAigcReport: async ({ report }) => (await import('./engines/report/aigc-pdf')).renderAigcReportPdf(report),
    rewriteOffline: async ({ text, ...options }, run) => {
      const { mode, offline, paragraphs, terms } = await (await loadRewriteEngine()).rewriteDocument(text, { ...options, onParagraph: run?.onParagraph });
      return { mode, offline, paragraphs, terms };
    },
    rewriteDocument: async (text, options) => (await loadRewriteEngine()).rewriteDocument(text, options),
    rewriteParagraph: async (text, options) => (await loadRewriteEngine()).rewriteParagraph(text, options),
    extractPptOutline: async ({ text, ...options }) => (await import('./engines/slides/extract')).extractOutline(text, options),
    renderPptx: async ({ slides, templateId, title }) => {
      const [{ renderDeck }, { templateOrDefault }] = await Promise.all([import('./engines/slides/pptx'), import('@common/slides/templates')]);
      return renderDeck(slides, templateOrDefault(templateId), { title });
    },
    buildPaperDocx: async ({ doc }) => (await import('./engines/writing/docx')).buildPaperDocx(doc),
    rewriteDocxInPlace: async ({ docx, changes, options }) => {
      const out = await (await import('./engines/docx/in-place')).rewriteDocxInPlace(docx, changes, options);
      return { ...out, docx: Buffer.from(out.docx) };
    },
    planDocxInPlace: async ({ docx, changes }) => (await import('./engines/docx/in-place')).planDocxInPlace(docx, changes),
    buildTextDocx: async (input) => Buffer.from(await (await import('./engines/docx/from-text')).buildTextDocx(input)),
  };
}
