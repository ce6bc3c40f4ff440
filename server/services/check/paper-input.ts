import type { Compute } from '../../compute';
import { badRequest } from '../../errors';
import { asDocumentRequest } from './errors';

/** An uploaded file as the multipart parser buffers it. */
export interface UploadedDocument {
  filename: string;
  data: Buffer;
}

/**
 * A text a request sends, pasted or as a file's bytes, extracted, cleaned and counted in a worker thread (a
 * huge or hostile file costs a worker, not the API); a document that cannot be read answers its 4xx.
 */
export function prepareRequestText(compute: Compute, source: { data: Buffer } | { content: string }) {
  return asDocumentRequest(() => compute.prepareCheckText(source));
}

/**
 * A paper given as an upload or as pasted text: exactly one of them, or a 400 in Chinese. A next step
 * started from a finished check's report may send neither: `fromCheck` is then that check's text.
 */
export function paperSource(input: { file?: UploadedDocument; content?: string }, fromCheck?: string) {
  const pasted = input.content !== undefined && input.content !== '';
  if (input.file && pasted) throw badRequest('上传文件和粘贴正文只能二选一');
  if (!input.file && !pasted && fromCheck !== undefined) return { file: undefined, source: { content: fromCheck } };
  if (!input.file && !pasted) throw badRequest('请上传论文文件或粘贴论文正文');
  const file = input.file;
  return { file, source: file ? { data: file.data } : { content: input.content ?? '' } };
}

/** The paper of a request (paperSource), prepared as prepareRequestText does. */
export async function readPaperInput(compute: Compute, input: { file?: UploadedDocument; content?: string }, fromCheck?: string) {
  const { file, source } = paperSource(input, fromCheck);
  return { file, extracted: await prepareRequestText(compute, source) };
}
