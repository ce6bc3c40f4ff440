import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

// A host name, IPv4 or bracketed IPv6 address with an optional port: nothing that could add a path,
// credentials or a second URL to the address built from it.
const HOST_PATTERN = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The address a browser or phone uses to reach this server (QR codes): PUBLIC_BASE_URL when set,
 * otherwise the one this request came in on (Host, or X-Forwarded-Host/-Proto when TRUST_PROXY is
 * set: fastify's request.host and request.protocol follow trustProxy). The Host header is the
 * caller's to choose, so the result is only ever shown back to the same caller, never trusted.
 */
export function publicBaseUrl(config: Config, request: FastifyRequest): string {
  if (config.PUBLIC_BASE_URL) return config.PUBLIC_BASE_URL;
  const host = request.host;
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  if (host && HOST_PATTERN.test(host)) return `${protocol}://${host}`;
  const fallbackHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  return `http://${fallbackHost.includes(':') ? `[${fallbackHost}]` : fallbackHost}:${config.PORT}`;
}
