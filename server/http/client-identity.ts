import { createHash, randomBytes } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClientIdentity } from '../services/client-identity';

const DEVICE_COOKIE = 'moyan_device';
const DEVICE_PATTERN = /^[A-Za-z0-9_-]{22,64}$/;
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

export const identityHash = (kind: 'address' | 'device', value: string) =>
  createHash('sha256').update(`${kind}:${value}`).digest('hex');

export function clientIdentity(request: FastifyRequest, reply: FastifyReply): ClientIdentity {
  return { addressHash: addressHash(request), deviceHash: identityHash('device', deviceId(request, reply)) };
}

/** The device cookie the browser sent, hashed; null without a well-formed one (none is set here). */
export function presentedDeviceHash(request: FastifyRequest): string | null {
  const existing = request.cookies[DEVICE_COOKIE];
  return existing && DEVICE_PATTERN.test(existing) ? identityHash('device', existing) : null;
}

export const addressHash = (request: FastifyRequest) => identityHash('address', addressBucket(request.ip));

/** The address a limit counts: IPv4 as it is, IPv6 by its /64 (one subscriber's whole network). */
export function addressBucket(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (isIPv4(ip) || !isIPv6(ip)) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

// The device id lives in an HttpOnly cookie sent only to the sign-in calls; a missing or malformed one
// is replaced by a new random id.
function deviceId(request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[DEVICE_COOKIE];
  if (existing && DEVICE_PATTERN.test(existing)) return existing;
  const id = randomBytes(24).toString('base64url');
  reply.setCookie(DEVICE_COOKIE, id, {
    path: '/api/base/login_api',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: ONE_YEAR_SECONDS,
  });
  return id;
}
