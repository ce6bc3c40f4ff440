import { toCodePoints } from './code-points';
import { charWeights, MAX_CHECK_CHARS, tooLongMessage } from '@common/char-count';
import { DocumentError } from './errors';

// countChars with typed arrays: a 20 MB upload counts in tens of megabytes, not hundreds.
function counted(text: string): number {
  let chars = 0;
  for (const weight of charWeights(toCodePoints(text))) chars += weight;
  return chars;
}

/** Rejects text a check cannot run on; returns its counted characters. */
export function validateText(text: string, maxChars = MAX_CHECK_CHARS): number {
  const chars = counted(text);
  if (chars === 0) throw new DocumentError('EMPTY_TEXT', '论文内容为空，请上传包含正文的文件或粘贴论文文字');
  if (chars > maxChars) {
    throw new DocumentError('TEXT_TOO_LONG', tooLongMessage(chars, maxChars), { chars, maxChars });
  }
  return chars;
}

/** A document whose reading stopped after `chars` counted characters, well past the limit. */
export function tooLongAtLeast(chars: number, maxChars: number): DocumentError {
  return new DocumentError(
    'TEXT_TOO_LONG',
    `论文至少 ${chars} 字，超过单次检测 ${maxChars} 字的上限，请删减或分章节检测`,
    { chars, maxChars, atLeast: true },
  );
}
