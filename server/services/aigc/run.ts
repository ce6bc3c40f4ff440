import { eq } from 'drizzle-orm';
import { aigcDetections, aigcParagraphs } from '../../db/schema/aigc';
import { type AigcLlmScores, bandOf, llmScores } from '../../engines/aigc';
import type { AigcSummary, ScoredParagraph } from '../../engines/aigc/scored';
import type { JobRun } from '../tasks/jobs';

export class DetectionMissing extends Error {}

// The model is asked for log-probabilities with the chat feature's model (the engine's default).
const FEATURE = 'chat' as const;

/** Whether the gateway can give the second, log-probability score (a model that returns logprobs). */
export async function modelUsable({ llm, signal }: JobRun): Promise<boolean> {
  if (!llm.configured(FEATURE)) return false;
  try {
    return await llm.supportsLogprobs(FEATURE);
  } catch (error) {
    if (signal?.aborted) throw error;
    return false;
  }
}

const paragraphValues = (p: ScoredParagraph) => ({
  section: p.section,
  text: p.text,
  charCount: p.charCount,
  aiCharCount: p.aiCharCount,
  probability: p.probability,
  band: p.band,
  tooShort: p.tooShort,
  sentences: p.sentences as unknown as Array<Record<string, unknown>>,
  scoredAt: new Date(),
});
/** A scored paragraph as its aigc_paragraphs row (the id is the database's unless given). */
export const rowValues = (taskId: string, p: ScoredParagraph) => ({ taskId, index: p.index, ...paragraphValues(p) });

/**
 * The detection job: the stored text scored (the model's log-probability score combined when the gateway
 * offers one), every paragraph stored with its sentences, the document's figures kept with the record.
 * Safe to run again (a resumed job replaces what an interrupted run stored).
 */
export async function runDetection(
  run: JobRun,
  taskId: string,
  progress: (percent: number) => Promise<void> = async () => undefined,
): Promise<AigcSummary> {
  const { db, compute, signal } = run;
  const [row] = await db.orm.select({ text: aigcDetections.text }).from(aigcDetections).where(eq(aigcDetections.taskId, taskId));
  if (!row) throw new DetectionMissing(`detection ${taskId} has no stored text`);
  await progress(10);
  const llm = (await modelUsable(run)) ? await llmScores(row.text, run.llm, { feature: FEATURE, taskId, signal }) : undefined;
  await progress(40);
  const scored = await compute.scoreAigc({ text: row.text, llm }, { signal });
  await progress(80);
  await db.transaction(async (tx) => {
    await tx.orm.delete(aigcParagraphs).where(eq(aigcParagraphs.taskId, taskId));
    for (let i = 0; i < scored.paragraphs.length; i += 200) {
      await tx.orm.insert(aigcParagraphs).values(scored.paragraphs.slice(i, i + 200).map((p) => rowValues(taskId, p)));
    }
    await tx.orm
      .update(aigcDetections)
      .set({ summary: { ...scored.summary }, reportedAt: new Date() })
      .where(eq(aigcDetections.taskId, taskId));
  });
  return scored.summary;
}

/**
 * reload: one paragraph scored again by the current detector (with the model's score for that paragraph
 * when the gateway offers one), stored, and the record's figures recomputed from its paragraphs.
 */
export async function rescoreParagraph(run: JobRun, paragraphId: string): Promise<void> {
  const { db, compute, signal } = run;
  const [row] = await db.orm
    .select({ paragraph: aigcParagraphs, detection: aigcDetections })
    .from(aigcParagraphs)
    .innerJoin(aigcDetections, eq(aigcDetections.taskId, aigcParagraphs.taskId))
    .where(eq(aigcParagraphs.id, paragraphId));
  if (!row) throw new DetectionMissing(`paragraph ${paragraphId} is gone`);
  const { paragraph, detection } = row;
  let llm: AigcLlmScores | undefined;
  if (await modelUsable(run)) {
    const own = await llmScores(paragraph.text, run.llm, { feature: FEATURE, taskId: detection.taskId, signal, maxParagraphs: 1 });
    const scores: Array<number | null> = [];
    scores[paragraph.index] = own.paragraphs[0] ?? null;
    llm = { paragraphs: Array.from(scores, (s) => s ?? null), model: own.model };
  }
  // The paragraph is read within the whole text, as the detection read it (the too-short rules, the section).
  const scored = await compute.scoreAigc({ text: detection.text, llm }, { signal });
  const fresh = scored.paragraphs.find((p) => p.index === paragraph.index);
  if (!fresh) throw new DetectionMissing(`paragraph ${paragraph.index} no longer in the text`);
  const previous = detection.summary as unknown as AigcSummary | null;
  await db.transaction(async (tx) => {
    await tx.orm.update(aigcParagraphs).set(paragraphValues(fresh)).where(eq(aigcParagraphs.id, paragraphId));
    const paragraphs = await tx.orm.select({ aiChars: aigcParagraphs.aiCharCount }).from(aigcParagraphs).where(eq(aigcParagraphs.taskId, detection.taskId));
    const aiChars = paragraphs.reduce((sum, p) => sum + p.aiChars, 0);
    const chars = scored.summary.chars;
    const aiCharRatio = chars ? aiChars / chars : 0;
    const summary: AigcSummary = {
      ...scored.summary,
      aiChars,
      aiCharRatio,
      band: scored.summary.tooShort ? 'none' : bandOf(aiCharRatio),
      detector: { ...scored.summary.detector, llm: scored.summary.detector.llm || Boolean(previous?.detector.llm) },
    };
    await tx.orm.update(aigcDetections).set({ summary: { ...summary }, reportedAt: new Date() }).where(eq(aigcDetections.taskId, detection.taskId));
  });
}
