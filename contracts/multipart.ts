import { MatchersV3 } from '@pact-foundation/pact';
import type { V4RequestBuilder } from '@pact-foundation/pact/src/v4/http/types';

// A multipart/form-data request as the browser's FormData sends it (check_init). The boundary is the
// client's choice, so the Content-Type header is matched by pattern; each part is compared by its name.

const BOUNDARY = 'MoyanPactBoundary7MA4YWxkTrZu0gW';

export type Part = { name: string; value: string; file?: { name: string; type: string } };

function encode(parts: Part[]): Buffer {
  const chunks = parts.map(({ name, value, file }) => {
    const disposition = `form-data; name="${name}"${file ? `; filename="${file.name}"` : ''}`;
    const type = file ? `Content-Type: ${file.type}\r\n` : '';
    return `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n${value}\r\n`;
  });
  return Buffer.from(`${chunks.join('')}--${BOUNDARY}--\r\n`);
}

/** The parts in the body; plain fields must equal what the client sent (the body's own content-type rule would swallow them). */
export function multipartBody(req: V4RequestBuilder, parts: Part[]): V4RequestBuilder {
  const contentType = `multipart/form-data; boundary=${BOUNDARY}`;
  return req
    .headers({ 'Content-Type': MatchersV3.regex('^multipart/form-data;\\s*boundary=.+$', contentType) })
    .body(contentType, encode(parts))
    .matchingRules({
      body: parts
        .filter((part) => !part.file)
        .map((part) => ({ path: `$.${part.name}`, rules: [{ 'pact:matcher:type': 'equality', value: part.value }] })),
    });
}
