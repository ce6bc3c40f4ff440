import type { FastifyReply } from 'fastify';
import type { FileResult } from '../handlers/types';

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
function contentDisposition(filename: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const fallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export function sendFile(reply: FastifyReply, file: FileResult): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.filename, file.disposition))
    .header('cache-control', 'private, no-store')
    .send(file.body);
}
