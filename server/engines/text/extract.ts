import { MAX_CHECK_CHARS } from '@common/char-count';
import { extractDocx } from './docx';
import { DocumentError } from './errors';
import { extractPdf } from './pdf';
import { sniffFile } from './sniff';
import { decodeText } from './txt';
import { validateText } from './validate';

export type TextFormat = 'docx' | 'pdf' | 'txt';

export interface ExtractedText {
  text: string;
  format: TextFormat;
  charCount: number;
}

/**
 * Text of an uploaded .docx, .pdf or .txt file, chosen by its content (magic bytes), never by its
 * name. Throws DocumentError with a Chinese message for anything a check cannot run on.
 */
export async function extractText(buf: Buffer, options: { maxChars?: number } = {}): Promise<ExtractedText> {
  const maxChars = options.maxChars ?? MAX_CHECK_CHARS;
  const kind = sniffFile(buf);
  let text: string;
  let format: TextFormat;
  if (kind === 'pdf') [text, format] = [await extractPdf(buf), 'pdf'];
  else if (kind === 'zip') [text, format] = [await extractDocx(buf, maxChars), 'docx'];
  else if (kind === 'text') [text, format] = [decodeText(buf), 'txt'];
  else if (kind === 'ole') {
    throw new DocumentError(
      'UNSUPPORTED_FILE_TYPE',
      '不支持旧版 Word（.doc）或加密的 Word 文档，请在 Word 中另存为 .docx 后上传',
    );
  } else {
    throw new DocumentError(
      'UNSUPPORTED_FILE_TYPE',
      '文件内容不是 .docx、.pdf 或 .txt 文档（可能是修改了扩展名的其他文件），请上传正确的论文文件',
    );
  }
  return { text, format, charCount: validateText(text, maxChars) };
}
