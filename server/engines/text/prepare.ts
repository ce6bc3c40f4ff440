import { createHash } from 'node:crypto';
import { extractText } from './extract';
import { validateText } from './validate';

/** The text a check runs on, as check_init stores it. */
export interface PreparedCheckText {
  text: string;
  format: 'docx' | 'pdf' | 'txt' | 'paste';
  charCount: number;
  /** Of the uploaded file, the name it is stored under. */
  sha256?: string;
}

/** The name an uploaded file is stored under (content-addressed). */
export function sha256Of(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

// PostgreSQL text and jsonb refuse NUL and unpaired surrogates; pasted text also brings \r\n.
export function cleanText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\0/g, '')
    .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

/**
 * An upload's extracted text or the pasted text, cleaned, counted and validated. Runs in a worker
 * thread (the Compute port, server/compute.ts): parsing and counting a large or hostile file never holds up the API.
 */
export async function prepareCheckText(input: { data: Uint8Array } | { content: string }): Promise<PreparedCheckText> {
  if ('content' in input) {
    const text = cleanText(input.content);
    return { text, format: 'paste', charCount: validateText(text) };
  }
  const data = Buffer.from(input.data.buffer, input.data.byteOffset, input.data.byteLength);
  const { text, format } = await extractText(data);
  const clean = cleanText(text);
  return { text: clean, format, charCount: validateText(clean), sha256: sha256Of(data) };
}
