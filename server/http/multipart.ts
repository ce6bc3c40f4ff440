import type { MultipartFile } from '@fastify/multipart';
import type { RouteOptions } from 'fastify';
import type { UploadedFile } from '../handlers/types';

/** Buffers an uploaded file (bounded by the upload limit) into the body as an UploadedFile. */
export async function bufferUpload(part: MultipartFile): Promise<void> {
  const data = await part.toBuffer();
  const file: UploadedFile = { filename: part.filename, mimetype: part.mimetype, data };
  (part as MultipartFile & { value: unknown }).value = file;
}

type Schema = { type?: string; format?: string; properties?: Record<string, Schema> };

// The contract types an upload as {type: string, format: binary}; in the parsed body it is an
// UploadedFile object, so those properties accept any value (the handler checks the file itself).
export function relaxMultipartSchemas(route: RouteOptions): void {
  const body = route.schema?.body as { content?: Record<string, { schema?: Schema }> } | undefined;
  const multipart = body?.content?.['multipart/form-data']?.schema;
  if (!multipart?.properties) return;
  for (const [name, property] of Object.entries(multipart.properties)) {
    if (property.format === 'binary') multipart.properties[name] = {};
  }
}
