import type { AigcLlmScores } from '../engines/aigc';
import type { CheckOptions } from '../engines/similarity/types';
import type { AigcReportView } from '../services/aigc/report-pdf';
import type { CheckReportView } from '../services/check/report';
import type { EngineMode, EngineOptions } from '../services/rewrite/engine';
import type { Slide } from '@common/slides/deck';
import type { PaperDocument } from '../engines/writing/docx';
import type { Host, TaskTable } from './protocol';

// What the API process runs in its worker threads (server/workers/pool.ts): the work that takes long or
// that a hostile document can make take long. Each task loads its modules on first use, so a worker
// starts quickly and holds only what it has run.
export const tasks = {
  /** check_init and word_count: an upload's text or pasted text, cleaned and counted. */
  prepareCheckText: async (input: { data: Uint8Array } | { content: string }) => {
    const { prepareCheckText } = await import('../services/check/prepare-text');
    return prepareCheckText(input);
  },

  /** The similarity engine; the library's two queries are answered by the API thread over the task's port. */
  checkText: async (input: { text: string; options: CheckOptions }, host: Host) => {
    const [{ checkText }, { RemoteLibrary }] = await Promise.all([import('../engines/similarity/check'), import('./remote-library')]);
    return checkText(input.text, new RemoteLibrary(host), input.options);
  },

  /** Counting and fingerprinting a text for the reference library. */
  prepareLibraryText: async (input: { text: string }) => {
    const { prepareLibraryText } = await import('../services/library/prepare');
    return prepareLibraryText(input.text);
  },

  /** download_report: the report as PDF (embedded CJK font) or self-contained HTML. */
  renderReport: async (input: { report: CheckReportView; format: 'pdf' | 'html' }): Promise<Uint8Array | string> => {
    if (input.format === 'html') return (await import('../services/check/report-html')).renderReportHtml(input.report);
    return (await import('../services/check/report-pdf')).renderReportPdf(input.report);
  },

  /** The rewording engine without a model (智能降重, or any mode when no model is configured). */
  rewriteOffline: async (input: { text: string; mode: EngineMode; seed: number; protectedTerms: string[]; only?: EngineOptions['only'] }) => {
    const { loadRewriteEngine } = await import('../services/rewrite/engine');
    const engine = await loadRewriteEngine();
    const { mode, offline, paragraphs } = await engine.rewriteDocument(input.text, { mode: input.mode, seed: input.seed, protectedTerms: input.protectedTerms, only: input.only });
    return { mode, offline, paragraphs };
  },

  /** AIGC detection: the detector on a whole text (with the model's per-paragraph scores when given), cut for storage. */
  scoreAigc: async (input: { text: string; llm?: AigcLlmScores }) => {
    const { scoreDetection } = await import('../services/aigc/score');
    return scoreDetection(input.text, { llm: input.llm });
  },

  /** AIGC download_report: the stored result as a PDF (embedded CJK font). */
  renderAigcReport: async (input: { report: AigcReportView }): Promise<Uint8Array> => {
    const { renderAigcReportPdf } = await import('../services/aigc/report-pdf');
    return renderAigcReportPdf(input.report);
  },

  /** AI PPT: the offline outline of a paper (headings and TextRank key sentences with jieba). */
  extractPptOutline: async (input: { text: string; pageCount: number; title?: string; cover?: Record<string, string | undefined> }) => {
    const { extractOutline } = await import('../engines/slides/extract');
    return extractOutline(input.text, { pageCount: input.pageCount, title: input.title, cover: input.cover });
  },

  /** AI PPT: a deck rendered to .pptx in its template (overflow handled). */
  renderPptx: async (input: { slides: Slide[]; templateId: string; title: string }) => {
    const [{ renderDeck }, { templateOrDefault }] = await Promise.all([import('../engines/slides/pptx'), import('@common/slides/templates')]);
    return renderDeck(input.slides, templateOrDefault(input.templateId), { title: input.title });
  },

  /** Paper writing: the paper as .docx (cover, contents field, numbered headings, the user's references). */
  buildPaperDocx: async (input: { doc: PaperDocument }): Promise<Uint8Array> => {
    const { buildPaperDocx } = await import('../engines/writing/docx');
    return buildPaperDocx(input.doc);
  },
} satisfies TaskTable;

export type Tasks = typeof tasks;
