import { countChars, MAX_CHECK_CHARS } from './count';
import { DocumentError } from './errors';

/** Rejects text a check cannot run on; returns its counted characters. */
export function validateText(text: string, maxChars = MAX_CHECK_CHARS): number {
  const chars = countChars(text);
  if (chars === 0) throw new DocumentError('EMPTY_TEXT', '论文内容为空，请上传包含正文的文件或粘贴论文文字');
  if (chars > maxChars) {
    throw new DocumentError(
      'TEXT_TOO_LONG',
      `论文共 ${chars} 字，超过单次检测 ${maxChars} 字的上限，请删减或分章节检测`,
      { chars, maxChars },
    );
  }
  return chars;
}
