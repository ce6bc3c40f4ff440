import type { ParagraphOptions, RewriteMode, RewriteOptions, RewriteResult, RewrittenParagraph } from '../../engines/rewrite';

// The rewording engine (server/engines/rewrite) as the service uses it. It is imported when first needed, not
// when the API starts (it loads jieba's native module); should it fail to load, a task fails cleanly
// (refunded) and an instant rewrite answers 409 ENGINE_UNAVAILABLE, saying why. Tests can stand another
// engine in (setRewriteEngine), which may answer one paragraph with a document.

export type EngineMode = RewriteMode;
export type EngineParagraph = RewrittenParagraph;
export type EngineOptions = RewriteOptions;
export type EngineResult = RewriteResult;

export interface RewriteEngine {
  rewriteDocument(text: string, options: EngineOptions): Promise<EngineResult>;
  rewriteParagraph?(text: string, options: ParagraphOptions): Promise<EngineParagraph | EngineResult>;
}

/** What the offline engine needs to rewrite a record's text (in a worker thread: plain data only). */
export interface OfflineRewriteInput {
  text: string;
  mode: EngineMode;
  seed: number;
  protectedTerms: string[];
  title?: string;
  only?: EngineOptions['only'];
}

export class EngineMissing extends Error {}

let override: RewriteEngine | undefined;

/** Tests only: run the service against another engine (a failing one, a slow one). */
export function setRewriteEngine(engine: RewriteEngine | undefined): void {
  override = engine;
}

/** Whether a test engine stands in (it lives in this thread only, so nothing is sent to a worker). */
export const hasEngineOverride = () => override !== undefined;

export async function loadRewriteEngine(): Promise<RewriteEngine> {
  if (override) return override;
  try {
    return await import('../../engines/rewrite');
  } catch (error) {
    throw new EngineMissing(String(error));
  }
}

/** One paragraph rewritten, whichever shape the engine answers with. */
export async function rewriteOne(engine: RewriteEngine, text: string, options: ParagraphOptions): Promise<EngineParagraph> {
  const answer = engine.rewriteParagraph
    ? await engine.rewriteParagraph(text, options)
    : await engine.rewriteDocument(text, options);
  if ('paragraphs' in answer) {
    const parts = answer.paragraphs;
    if (parts.length === 1) return parts[0];
    return {
      index: 0,
      original: text,
      role: 'body',
      rewritten: parts.map((p) => p.rewritten).join('\n'),
      sentences: [],
      offline: answer.offline,
      similarityToOriginal: Math.max(0, ...parts.map((p) => p.similarityToOriginal)),
      bigramOverlap: parts.length ? parts.reduce((s, p) => s + p.bigramOverlap, 0) / parts.length : 1,
      protectedKept: parts.every((p) => p.protectedKept),
    };
  }
  return answer;
}
