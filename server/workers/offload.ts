import type { Config } from '../config';
import type { AigcLlmScores } from '../engines/aigc';
import type { checkText } from '../engines/similarity/check';
import { DocumentError } from '../engines/text/errors';
import type { AigcReportView } from '../services/aigc/report-pdf';
import type { ScoredDetection } from '../services/aigc/score';
import type { PreparedCheckText } from '../services/check/prepare-text';
import type { CheckReportView } from '../services/check/report';
import type { TextPreparer } from '../services/library/prepare';
import type { Slide } from '@common/slides/deck';
import type { EngineMode, EngineOptions } from '../services/rewrite/engine';
import { WorkerFailure, workerPool } from './pool';
import { libraryHost } from './remote-library';
import type { PaperDocument } from '../engines/writing/docx';

// The services' calls into the worker pool, each with its time limit.

type PoolConfig = Pick<Config, 'WORKER_THREADS' | 'WORKER_MEMORY_MB' | 'PARSE_TIMEOUT_MS' | 'ENGINE_TIMEOUT_MS'>;

/** A worker that died parsing an upload, as the refusal the user sees. */
function parseFailure(failure: WorkerFailure): DocumentError {
  if (failure.reason === 'timeout') {
    return new DocumentError('PARSE_TIMEOUT', '文件解析超时（文件可能已损坏或结构异常），已停止处理，请检查文件后重新上传');
  }
  if (failure.reason === 'memory') {
    return new DocumentError('PARSE_OUT_OF_MEMORY', '文件解析所需内存超出限制（文件可能已损坏或过于复杂），已拒绝处理，请检查文件后重新上传');
  }
  return new DocumentError('PARSE_FAILED', '文件解析失败，请检查文件是否完好后重新上传');
}

/** check_init / word_count: extraction, cleaning and counting in a worker; DocumentError for any refusal. */
export async function prepareCheckTextInWorker(
  config: PoolConfig,
  input: { data: Uint8Array } | { content: string },
): Promise<PreparedCheckText> {
  try {
    return await workerPool(config).run('prepareCheckText', input, { timeoutMs: config.PARSE_TIMEOUT_MS });
  } catch (error) {
    throw error instanceof WorkerFailure ? parseFailure(error) : error;
  }
}

/** The similarity engine in a worker, with the library's queries answered here. */
export function checkInWorker(config: PoolConfig, signal?: AbortSignal): typeof checkText {
  return (text, library, options = {}) =>
    workerPool(config).run('checkText', { text, options }, { timeoutMs: config.ENGINE_TIMEOUT_MS, signal, host: libraryHost(library) });
}

/** Counting and fingerprinting for the reference library in a worker. */
export function libraryPreparerInWorker(config: PoolConfig, signal?: AbortSignal): TextPreparer {
  return (text) => workerPool(config).run('prepareLibraryText', { text }, { timeoutMs: config.ENGINE_TIMEOUT_MS, signal });
}

/** A stored report rendered as PDF (bytes) or HTML (text) in a worker. */
export async function renderReportInWorker(config: PoolConfig, report: CheckReportView, format: 'pdf' | 'html'): Promise<Buffer | string> {
  const body = await workerPool(config).run('renderReport', { report, format }, { timeoutMs: config.ENGINE_TIMEOUT_MS });
  return typeof body === 'string' ? body : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

/** The rewording engine without a model, in a worker: a long paper costs a worker thread, not the API. */
export function rewriteOfflineInWorker(config: PoolConfig, signal?: AbortSignal) {
  return (input: { text: string; mode: EngineMode; seed: number; protectedTerms: string[]; only?: EngineOptions['only'] }) =>
    workerPool(config).run('rewriteOffline', input, { timeoutMs: config.ENGINE_TIMEOUT_MS, signal });
}

/** The AIGC detector on a whole text, in a worker: a long paper costs a worker thread, not the API. */
export function scoreDetectionInWorker(config: PoolConfig, signal?: AbortSignal) {
  return (input: { text: string; llm?: AigcLlmScores }): Promise<ScoredDetection> =>
    workerPool(config).run('scoreAigc', input, { timeoutMs: config.ENGINE_TIMEOUT_MS, signal });
}

/** An AIGC report rendered as PDF in a worker. */
export async function renderAigcReportInWorker(config: PoolConfig, report: AigcReportView): Promise<Buffer> {
  const body = await workerPool(config).run('renderAigcReport', { report }, { timeoutMs: config.ENGINE_TIMEOUT_MS });
  return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

/** AI PPT: a paper's offline outline in a worker (jieba and TextRank over a long paper). */
export function extractPptOutlineInWorker(config: PoolConfig, input: { text: string; pageCount: number; title?: string; cover?: Record<string, string | undefined> }) {
  return workerPool(config).run('extractPptOutline', input, { timeoutMs: config.ENGINE_TIMEOUT_MS });
}

/** AI PPT: the .pptx rendered in a worker. */
export function renderPptxInWorker(config: PoolConfig, signal?: AbortSignal) {
  return (input: { slides: Slide[]; templateId: string; title: string }) => workerPool(config).run('renderPptx', input, { timeoutMs: config.ENGINE_TIMEOUT_MS, signal });
}

/** Paper writing: the .docx built in a worker (a doctoral thesis takes a few hundred milliseconds of CPU). */
export async function buildPaperDocxInWorker(config: PoolConfig, doc: PaperDocument): Promise<Buffer> {
  const body = await workerPool(config).run('buildPaperDocx', { doc }, { timeoutMs: config.ENGINE_TIMEOUT_MS });
  return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}
