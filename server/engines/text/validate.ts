import { countChars, MAX_CHECK_CHARS, tooLongMessage } from './count';
import { DocumentError } from './errors';

/** Rejects text a check cannot run on; returns its counted characters. */
export function validateText(text: string, maxChars = MAX_CHECK_CHARS): number {
  const chars = countChars(text);
  if (chars === 0) throw new DocumentError('EMPTY_TEXT', '论文内容为空，请上传包含正文的文件或粘贴论文文字');
  if (chars > maxChars) {
    throw new DocumentError('TEXT_TOO_LONG', tooLongMessage(chars, maxChars), { chars, maxChars });
  }
  return chars;
}
