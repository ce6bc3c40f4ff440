import { eq } from 'drizzle-orm';
import type { Deps } from '../../context';
import { checks } from '../../db/schema/checks';
import { countCjk } from '@common/char-count';
import type { components } from '../../gen/openapi';
import { librarySize } from '../library/scope';
import { libraryState } from '../library/state';

export type CheckWarning = components['schemas']['CheckWarning'];

/** Below this share of CJK characters among the counted ones a text counts as not Chinese. */
export const LITTLE_CHINESE_SHARE = 0.3;

const formatCount = (n: number) => n.toLocaleString('zh-CN');

/** An empty or small library finds little: the figure would look authoritative and mean little. */
export function libraryWarning(size: { documents: number; chars: number }, smallBelow: number): CheckWarning | null {
  const state = libraryState(size.documents, smallBelow);
  if (state === 'empty') {
    return {
      code: 'library_empty',
      message: '本站比对库中还没有任何文献，检测结果将是 0%，并不说明论文没有重复。建议等管理员导入比对文献后再检测。',
    };
  }
  if (state === 'small') {
    return {
      code: 'library_small',
      message: `本站比对库目前只收录 ${formatCount(size.documents)} 篇文献（${formatCount(size.chars)} 字），检测结果只反映与这些文献的重合，可能明显偏低。`,
    };
  }
  return null;
}

/** The library is Chinese: a mostly English (or otherwise non-CJK) text finds little in it. */
export function languageWarning(cjkChars: number, countedChars: number): CheckWarning | null {
  if (countedChars === 0 || cjkChars >= countedChars * LITTLE_CHINESE_SHARE) return null;
  const percent = Math.floor((cjkChars / countedChars) * 100);
  return {
    code: 'little_chinese',
    message: `本系统比对库以中文文献为主，英文内容的检测结果可能偏低（本文中文字符约占 ${percent}%）。`,
  };
}

/** What the confirm page shows before payment; none of it blocks the submission. */
export async function draftWarnings(deps: Deps, taskId: string, countedChars: number): Promise<CheckWarning[]> {
  const [[row], size] = await Promise.all([
    deps.db.orm.select({ text: checks.text }).from(checks).where(eq(checks.taskId, taskId)),
    librarySize(deps.db),
  ]);
  return [libraryWarning(size, deps.config.LIBRARY_SMALL_DOCUMENTS), row ? languageWarning(countCjk(row.text), countedChars) : null].filter(
    (w): w is CheckWarning => w !== null,
  );
}
