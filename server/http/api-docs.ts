import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import scalarApiReference from '@scalar/fastify-api-reference';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { contractPath } from './contract';

export const OPENAPI_JSON_PATH = '/api/openapi.json';
/** The interactive reference; answers at `${DOCS_PATH}/` (DOCS_PATH itself redirects there). */
export const DOCS_PATH = '/api/docs';

/**
 * The contract for readers outside the team, without login: the bundled document as it is at
 * /api/openapi.json, and Scalar's API reference at /api/docs, its script served from npm by
 * @scalar/fastify-api-reference (js/scalar.js beside the page), never from a CDN.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  const document = readFileSync(contractPath, 'utf8');
  app.get(OPENAPI_JSON_PATH, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(document),
  );

  // Its own context, so the page's policy applies to the reference's routes only.
  await app.register(async (docs) => {
    docs.addHook('onSend', async (_request, reply, payload) => {
      if (typeof payload === 'string' && String(reply.getHeader('content-type')).startsWith('text/html')) {
        setDocsPolicy(reply, payload);
      }
      return payload;
    });
    await docs.register(scalarApiReference, {
      routePrefix: DOCS_PATH,
      logLevel: 'warn',
      configuration: {
        url: OPENAPI_JSON_PATH,
        pageTitle: '墨研 API 参考',
        localization: { locale: 'zh-CN' },
        // Nothing leaves this server: no web fonts, no telemetry, no hosted AI agent or MCP, no
        // request proxy (the request client calls this origin directly).
        withDefaultFonts: false,
        telemetry: false,
        agent: { disabled: true },
        mcp: { disabled: true },
        showDeveloperTools: 'never',
        showOperationId: true,
      },
    });
  });
}

// Helmet's policy allows only this origin's scripts; the reference's page also runs one inline script
// (the call that mounts it), allowed by its hash, and the renderer injects its styles at run time.
function setDocsPolicy(reply: FastifyReply, html: string): void {
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, code]) => `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`,
  );
  void reply.header(
    'content-security-policy',
    [
      "default-src 'self'",
      `script-src 'self' ${hashes.join(' ')}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self' data:",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'self'",
    ].join('; '),
  );
}
