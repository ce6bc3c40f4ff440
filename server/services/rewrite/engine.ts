import type { LlmGateway } from '../../engines/llm';

// The rewording engine (server/engines/rewrite, built alongside this service) as the service uses it.
// The module is resolved at run time so the service keeps working while the engine is not installed:
// a task then fails cleanly (refunded) with a message saying why.

export type EngineMode = 'rewrite' | 'strong' | 'cnki' | 'smart' | 'polish' | 'aigc';

export interface EngineParagraph {
  index: number;
  original: string;
  rewritten: string;
  offline: boolean;
  similarityToOriginal: number;
  bigramOverlap: number;
  protectedKept: boolean;
  /** False when the engine left the paragraph as it is (not selected by `only`, or too short). */
  changed?: boolean;
}

export interface EngineOptions {
  mode: EngineMode;
  seed?: number;
  protectedTerms?: string[];
  gateway?: LlmGateway;
  signal?: AbortSignal;
  onParagraph?: (paragraph: EngineParagraph) => void | Promise<void>;
  /** Only these paragraphs (by text without whitespace): true for all of it, or the code-point ranges of its sentences. */
  only?: Record<string, true | Array<[number, number]>>;
}

export interface EngineResult {
  mode: EngineMode;
  offline: boolean;
  paragraphs: EngineParagraph[];
}

export interface RewriteEngine {
  rewriteDocument(text: string, options: EngineOptions): Promise<EngineResult>;
  rewriteParagraph?(text: string, options: EngineOptions & { index?: number }): Promise<EngineParagraph | EngineResult>;
}

export class EngineMissing extends Error {}

const ENGINE_MODULE = '../../engines/rewrite/index.ts';
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
    const url = new URL(ENGINE_MODULE, import.meta.url).href;
    const mod = (await import(/* @vite-ignore */ url)) as Partial<RewriteEngine>;
    if (typeof mod.rewriteDocument !== 'function') throw new EngineMissing('rewriteDocument missing');
    return mod as RewriteEngine;
  } catch (error) {
    throw error instanceof EngineMissing ? error : new EngineMissing(String(error));
  }
}

/** One paragraph rewritten, whichever shape the engine answers with. */
export async function rewriteOne(engine: RewriteEngine, text: string, options: EngineOptions): Promise<EngineParagraph> {
  const answer = engine.rewriteParagraph
    ? await engine.rewriteParagraph(text, options)
    : await engine.rewriteDocument(text, options);
  if ('paragraphs' in answer) {
    const parts = answer.paragraphs;
    if (parts.length === 1) return parts[0];
    return {
      index: 0,
      original: text,
      rewritten: parts.map((p) => p.rewritten).join('\n'),
      offline: answer.offline,
      similarityToOriginal: Math.max(0, ...parts.map((p) => p.similarityToOriginal)),
      bigramOverlap: parts.length ? parts.reduce((s, p) => s + p.bigramOverlap, 0) / parts.length : 1,
      protectedKept: parts.every((p) => p.protectedKept),
    };
  }
  return answer;
}
