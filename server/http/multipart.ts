import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from '../errors';
import type { UploadedFile } from '../handlers/types';

const MALFORMED = '上传内容格式不正确，请重新选择文件上传';

/**
 * preValidation hook: reads a multipart/form-data body into `request.body`, text fields as strings and
 * the file (bounded by the upload limit) as an UploadedFile; a repeated name gives an array. Limits keep
 * their own answers (413); anything else the form parser throws (no boundary, a wrong one, a body cut
 * short) is the client's malformed upload, a 400, never a 500.
 */
export async function readMultipartBody(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const body: Record<string, unknown> = {};
  try {
    for await (const part of request.parts()) add(body, part.fieldname, await valueOf(part));
  } catch (error) {
    if (error instanceof AppError || isClientLimit(error)) throw error;
    throw new AppError(400, 'MALFORMED_MULTIPART', MALFORMED);
  }
  request.body = body;
}

async function valueOf(part: Multipart): Promise<unknown> {
  if (part.type === 'file') {
    const file: UploadedFile = { filename: part.filename, mimetype: part.mimetype, data: await part.toBuffer() };
    return file;
  }
  if (part.valueTruncated) throw new AppError(413, 'PAYLOAD_TOO_LARGE', `表单字段 ${part.fieldname.slice(0, 64)} 过长`);
  return part.value;
}

function add(body: Record<string, unknown>, name: string, value: unknown): void {
  if (!Object.hasOwn(body, name)) body[name] = value;
  else if (Array.isArray(body[name])) (body[name] as unknown[]).push(value);
  else body[name] = [body[name], value];
}

// @fastify/multipart's own errors (FST_FILES_LIMIT, FST_REQ_FILE_TOO_LARGE, FST_PROTO_VIOLATION ...)
// carry a 4xx status that the error handler words in Chinese.
function isClientLimit(error: unknown): boolean {
  const e = error as { code?: unknown; statusCode?: unknown };
  return typeof e.code === 'string' && e.code.startsWith('FST_') && typeof e.statusCode === 'number' && e.statusCode < 500;
}

/** A value the multipart reader made from a file part (a text field of the same name is a string). */
export function isUploadedFile(value: unknown): value is UploadedFile {
  const file = value as UploadedFile | null;
  return typeof file === 'object' && file !== null && Buffer.isBuffer(file.data) && typeof file.filename === 'string';
}

type Schema = { type?: string; format?: string; properties?: Record<string, Schema>; uploadedFile?: boolean };

// The contract types an upload as {type: string, format: binary}; in the parsed body it is an
// UploadedFile, which the `uploadedFile` keyword (server/http/validators.ts) checks: a text field sent
// under the file's name is refused by validation with a Chinese message, before any handler.
export function relaxMultipartSchemas(route: RouteOptions): void {
  const body = route.schema?.body as { content?: Record<string, { schema?: Schema }> } | undefined;
  const multipart = body?.content?.['multipart/form-data']?.schema;
  if (!multipart?.properties) return;
  for (const [name, property] of Object.entries(multipart.properties)) {
    if (property.format === 'binary') multipart.properties[name] = { uploadedFile: true };
  }
}
