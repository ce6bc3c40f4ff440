import { eq } from 'drizzle-orm';
import type { Deps } from '../../context';
import { type RewriteRecordMode, rewriteParagraphs, rewrites } from '../../db/schema/rewrites';
import { tasks } from '../../db/schema/tasks';
import { countChars } from '@common/char-count';
import type { KeepReason } from '../../engines/docx/keep-reasons';
import type { SentenceStatus } from '../../engines/rewrite/sentences';
import { toCodePoints } from '../../engines/text/code-points';
import { splitSentences } from '../../engines/text/split';
import { rewritePrice } from './drafts';
import { apiOfMode } from './records';
import { checkPair, recordChecks } from './sentence-figures';

/** Every sentence of a seeded paragraph rewritten, as the engine reports it. */
function rewrittenSentences(text: string): SentenceStatus[] {
  const codes = toCodePoints(text);
  return splitSentences(codes, { start: 0, end: codes.length }).map((r) => ({ start: r.start, end: r.end, status: 'rewritten' }));
}

export interface SeededRewrite {
  id: string;
  userId: string;
  title: string;
  mode: RewriteRecordMode;
  /** Paragraph pairs [original, rewritten]; a draft stores only the text. */
  pairs: Array<[string, string]>;
  status: 'draft' | 'done';
  /** As if made from an uploaded .docx: its stored name, and why each pair's rewrite the file cannot take in place. */
  docx?: { sha256: string; kept: Array<KeepReason | null> };
}

/**
 * Writes a rewording record directly (provider states of the contract tests, demo data): no charge, no
 * queue, figures as our engines would give them. Writing it again resets the record to this state.
 */
export async function storeRewrite(deps: Deps, input: SeededRewrite): Promise<void> {
  const text = input.pairs.map(([original]) => original).join('\n');
  const charCount = countChars(text);
  const done = input.status === 'done';
  const now = deps.now();
  // Priced as initRewrite prices it: by the engine that would run it here (学术库降重 with its check first).
  const price = await rewritePrice(deps, charCount, input.mode, { withCheck: input.mode === 'cnki' });
  const task = {
    kind: 'rewrite' as const,
    userId: input.userId,
    title: input.title,
    status: input.status,
    progress: done ? 100 : 0,
    priceFen: price.priceFen,
    charCount,
    attempts: 0,
    error: null,
    offline: input.mode === 'smart',
    createdAt: now,
    updatedAt: now,
    finishedAt: done ? now : null,
  };
  const terms = ['文本相似度'];
  const pairs = input.pairs.map(([original, rewritten]) => ({ original, rewritten, sentences: rewrittenSentences(original) }));
  const rewrite = {
    api: apiOfMode(input.mode),
    mode: input.mode,
    source: 'upload' as const,
    sourceType: input.docx ? ('upload' as const) : ('paste' as const),
    fileSha256: input.docx?.sha256 ?? null,
    text,
    protectedTerms: terms,
    terms,
    ...(done ? recordChecks(pairs, terms) : { sentenceRewritten: null, sentenceKept: null, keptReasons: {}, termsChecked: null, lostTerms: [] }),
    recheckId: null,
    rewrittenCharCount: done ? countChars(input.pairs.map(([, r]) => r).join('\n')) : null,
    similarityBefore: done ? 0.4215 : null,
    similarityAfter: done ? 0.0832 : null,
  };
  await deps.db.transaction(async (tx) => {
    await tx.orm.insert(tasks).values({ id: input.id, ...task }).onConflictDoUpdate({ target: tasks.id, set: task });
    await tx.orm.insert(rewrites).values({ taskId: input.id, ...rewrite }).onConflictDoUpdate({ target: rewrites.taskId, set: rewrite });
    await tx.orm.delete(rewriteParagraphs).where(eq(rewriteParagraphs.taskId, input.id));
    if (!done) return;
    await tx.orm.insert(rewriteParagraphs).values(
      pairs.map(({ original, rewritten, sentences }, index) => ({
        id: `${input.id}-p${index}`,
        taskId: input.id,
        index,
        original,
        rewritten,
        sentences,
        lostTerms: checkPair(original, rewritten, terms),
        status: 'done' as const,
        offline: input.mode === 'smart',
        similarityToOriginal: 0.12,
        bigramOverlap: 0.64,
        protectedKept: true,
        similarityBefore: index === 0 ? 0.8 : 0,
        similarityAfter: 0,
        accepted: true,
        docxKept: input.docx?.kept[index] ?? null,
      })),
    );
  });
}
