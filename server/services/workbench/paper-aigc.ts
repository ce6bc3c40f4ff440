import type { Deps } from '../../context';
import { ownFinishedCheck, sessionOf } from './session';
import { readRow, stateOf, textOf } from './state';

/** workbench_aigc: AI traces of the current version, paragraph by paragraph, scored off the request thread. */
export async function paperAigc(deps: Deps, userId: string, id: string) {
  const check = await ownFinishedCheck(deps.db, userId, id);
  const session = await sessionOf(deps.db, check);
  const state = await stateOf(deps.db, id, await readRow(deps.db, id));
  const texts = session.report.paragraphs.map((p) => textOf(session, state, p.index));
  const scored = await deps.compute.scoreAigcParagraphs({ texts });
  const chars = scored.reduce((n, p) => n + p.chars, 0);
  const aiChars = scored.reduce((n, p) => n + p.aiChars, 0);
  return {
    aiCharRatio: chars ? Math.round((aiChars / chars) * 10000) / 10000 : 0,
    chars,
    aiChars,
    paragraphs: scored.map((p, index) => ({ index, ...p })),
  };
}
