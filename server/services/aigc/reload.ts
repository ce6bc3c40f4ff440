import type { Deps } from '../../context';
import type { LlmGateway } from '../../engines/llm';
import { type Requester, withFreeUse } from '../free-uses';
import { detectionNotFinished } from './errors';
import { type AigcParagraph, loadParagraph, ownParagraph } from './records';
import { modelUsable, rescoreParagraph } from './run';

/**
 * reload: one paragraph of a finished detection scored again by the current detector (in the worker pool),
 * at no charge; the record's figures follow. A detection not yet done is refused (409). When the model adds
 * its score, it is one of the account's free reloads a day (429 FREE_USES_EXHAUSTED beyond them).
 */
export async function reloadDetectionParagraph(deps: Deps & { llm: LlmGateway }, who: Requester, paragraphId: string): Promise<AigcParagraph> {
  const { task } = await ownParagraph(deps.db, who.userId, paragraphId);
  if (task.status !== 'done') throw detectionNotFinished();
  const run = { db: deps.db, compute: deps.compute, llm: deps.llm.forAccount(who.userId) };
  const rescore = () => rescoreParagraph(run, paragraphId);
  if (await modelUsable(run)) await withFreeUse(deps, who, 'reload', rescore);
  else await rescore();
  return loadParagraph(deps.db, who.userId, paragraphId);
}
