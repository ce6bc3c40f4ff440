import type { Deps } from '../../context';
import type { LlmGateway } from '../../engines/llm';
import { detectionNotFinished } from './errors';
import { type AigcParagraph, loadParagraph, ownParagraph } from './records';
import { rescoreParagraph } from './run';

/**
 * reload: one paragraph of a finished detection scored again by the current detector (in the worker pool),
 * at no charge; the record's figures follow. A detection not yet done is refused (409).
 */
export async function reloadDetectionParagraph(deps: Deps & { llm: LlmGateway }, userId: string, paragraphId: string): Promise<AigcParagraph> {
  const { task } = await ownParagraph(deps.db, userId, paragraphId);
  if (task.status !== 'done') throw detectionNotFinished();
  await rescoreParagraph({ db: deps.db, compute: deps.compute, llm: deps.llm }, paragraphId);
  return loadParagraph(deps.db, userId, paragraphId);
}
