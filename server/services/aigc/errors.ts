import { AIGC_MIN_CHARS } from '../../engines/aigc';
import { countCjk } from '@common/char-count';
import { AppError, conflict } from '../../errors';
import { LITTLE_CHINESE_SHARE } from '../check/warnings';

export const detectionNotFinished = () => conflict('TASK_NOT_FINISHED', '检测尚未完成，请稍后再试');
export const detectionRunning = () => conflict('TASK_RUNNING', 'AIGC 检测正在进行，请完成后再删除');

/**
 * Refuses a text the detector cannot judge fairly, before anything is stored or charged: the model knows
 * Chinese only (an English text would get a meaningless figure), and under AIGC_MIN_CHARS characters a
 * probability is noise.
 */
export function requireJudgeable(text: string, chars: number): void {
  if (countCjk(text) < chars * LITTLE_CHINESE_SHARE) {
    throw new AppError(422, 'NOT_CHINESE', 'AIGC 检测目前只支持中文文本，这段文字几乎没有中文，请提交中文论文');
  }
  if (chars < AIGC_MIN_CHARS) {
    throw new AppError(
      422,
      'TEXT_TOO_SHORT',
      `正文只有 ${chars} 字，AIGC 检测至少需要 ${AIGC_MIN_CHARS} 字才能可靠判断，请补充后再提交`,
      { chars, minChars: AIGC_MIN_CHARS },
    );
  }
}
