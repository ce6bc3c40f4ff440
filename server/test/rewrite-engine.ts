import type { Compute } from '../compute';
import type { ParagraphOptions, RewriteOptions, RewriteResult, RewrittenParagraph } from '../engines/rewrite';

/** A stand-in for the rewording engine (a failing one, a slow one); it may answer one paragraph with a document. */
export interface StandInEngine {
  rewriteDocument(text: string, options: RewriteOptions): Promise<RewriteResult>;
  rewriteParagraph?(text: string, options: ParagraphOptions): Promise<RewrittenParagraph | RewriteResult>;
}

/** One paragraph rewritten, whichever shape the stand-in answers with. */
async function rewriteOne(engine: StandInEngine, text: string, options: ParagraphOptions): Promise<RewrittenParagraph> {
  const answer = engine.rewriteParagraph ? await engine.rewriteParagraph(text, options) : await engine.rewriteDocument(text, options);
  if (!('paragraphs' in answer)) return answer;
  const parts = answer.paragraphs;
  if (parts.length === 1) return parts[0];
  return {
    index: 0,
    original: text,
    role: 'body',
    rewritten: parts.map((p) => p.rewritten).join('\n'),
    sentences: parts.flatMap((p) => p.sentences),
    offline: answer.offline,
    similarityToOriginal: Math.max(0, ...parts.map((p) => p.similarityToOriginal)),
    bigramOverlap: parts.length ? parts.reduce((s, p) => s + p.bigramOverlap, 0) / parts.length : 1,
    protectedKept: parts.every((p) => p.protectedKept),
  };
}

/** The Compute port with the stand-in rewording in this thread, with and without a model alike. */
export function withRewriteEngine(compute: Compute, engine: StandInEngine): Compute {
  return {
    ...compute,
    rewriteOffline: ({ text, ...options }, run) => engine.rewriteDocument(text, { ...options, onParagraph: run?.onParagraph }),
    rewriteDocument: (text, options) => engine.rewriteDocument(text, options),
    rewriteParagraph: (text, options) => rewriteOne(engine, text, options),
  };
}
