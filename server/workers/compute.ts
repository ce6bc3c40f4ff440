import { type Compute, ComputeFailure, inlineCompute } from '../compute';
import type { Config } from '../config';
import { DocumentError } from '../engines/text/errors';
import { workerPool } from './pool';
import { libraryHost } from './remote-library';

type PoolConfig = Pick<Config, 'WORKER_THREADS' | 'WORKER_MEMORY_MB' | 'PARSE_TIMEOUT_MS' | 'ENGINE_TIMEOUT_MS'>;

/** A worker that died parsing an upload, as the refusal the user sees. */
function parseFailure(failure: ComputeFailure): DocumentError {
  if (failure.reason === 'timeout') {
    return new DocumentError('PARSE_TIMEOUT', '文件解析超时（文件可能已损坏或结构异常），已停止处理，请检查文件后重新上传');
  }
  if (failure.reason === 'memory') {
    return new DocumentError('PARSE_OUT_OF_MEMORY', '文件解析所需内存超出限制（文件可能已损坏或过于复杂），已拒绝处理，请检查文件后重新上传');
  }
  return new DocumentError('PARSE_FAILED', '文件解析失败，请检查文件是否完好后重新上传');
}

// Bytes come back from a worker as a Uint8Array over the transferred memory.
const asBuffer = (body: Uint8Array) => Buffer.from(body.buffer, body.byteOffset, body.byteLength);

/**
 * The Compute port on the process's worker pool, each task with its time limit (an upload's parsing
 * PARSE_TIMEOUT_MS, everything else ENGINE_TIMEOUT_MS). The rewording engine with a model waits on the model,
 * not the CPU: it runs in this thread, as inline.
 */
export function poolCompute(config: PoolConfig): Compute {
  const pool = () => workerPool(config);
  const engine = { timeoutMs: config.ENGINE_TIMEOUT_MS };
  const inThread = inlineCompute();
  return {
    async prepareCheckText(input) {
      try {
        return await pool().run('prepareCheckText', input, { timeoutMs: config.PARSE_TIMEOUT_MS });
      } catch (error) {
        throw error instanceof ComputeFailure ? parseFailure(error) : error;
      }
    },
    checkText: (input, library, run) => pool().run('checkText', input, { ...engine, signal: run?.signal, host: libraryHost(library) }),
    prepareLibraryText: (input, run) => pool().run('prepareLibraryText', input, { ...engine, signal: run?.signal }),
    libraryCopyRows: (input, run) => pool().run('libraryCopyRows', input, { ...engine, signal: run?.signal }),
    async renderCheckReport(input) {
      const body = await pool().run('renderCheckReport', input, engine);
      return typeof body === 'string' ? body : asBuffer(body);
    },
    scoreAigc: (input, run) => pool().run('scoreAigc', input, { ...engine, signal: run?.signal }),
    scoreAigcParagraphs: (input) => pool().run('scoreAigcParagraphs', input, engine),
    renderAigcReport: async (input) => asBuffer(await pool().run('renderAigcReport', input, engine)),
    rewriteOffline: (input, run) =>
      pool().run('rewriteOffline', input, { ...engine, signal: run?.signal, host: { onParagraph: async (paragraph) => run?.onParagraph?.(paragraph) } }),
    rewriteDocument: inThread.rewriteDocument,
    rewriteParagraph: inThread.rewriteParagraph,
    extractPptOutline: (input) => pool().run('extractPptOutline', input, engine),
    renderPptx: (input, run) => pool().run('renderPptx', input, { ...engine, signal: run?.signal }),
    buildPaperDocx: async (input) => asBuffer(await pool().run('buildPaperDocx', input, engine)),
    async rewriteDocxInPlace(input) {
      const out = await pool().run('rewriteDocxInPlace', input, engine);
      return { ...out, docx: asBuffer(out.docx) };
    },
    planDocxInPlace: (input, run) => pool().run('planDocxInPlace', input, { ...engine, signal: run?.signal }),
    buildTextDocx: async (input) => asBuffer(await pool().run('buildTextDocx', input, engine)),
  };
}
