import { describe, expect, it } from 'vitest';
import { TokenCache } from './token-cache';
import type { AuthUser } from './types';

const user = (id: string, tokenHash: string): AuthUser => ({ id, username: `name-${id}`, avatar: 'a', tokenHash });
const now = new Date('2026-01-01T00:00:00Z');
const later = new Date('2026-02-01T00:00:00Z');

describe('TokenCache', () => {
  const clocked = (ttl: number, max?: number) => {
    let t = 0;
    return { cache: new TokenCache(ttl, max, () => t), advance: (ms: number) => (t += ms) };
  };

  it('answers a token for less than its ttl, then asks again', () => {
    const { cache, advance } = clocked(1000);
    cache.set(user('u1', 'h1'), later, cache.epoch);
    expect(cache.get('h1', now)?.id).toBe('u1');
    advance(999);
    expect(cache.get('h1', now)?.id).toBe('u1');
    advance(1);
    expect(cache.get('h1', now)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never answers a token past its own expiry, whatever the ttl', () => {
    const { cache } = clocked(1000);
    cache.set(user('u1', 'h1'), later, cache.epoch);
    expect(cache.get('h1', later)).toBeUndefined();
  });

  it('keeps each token to its own account', () => {
    const { cache } = clocked(1000);
    cache.set(user('u1', 'h1'), later, cache.epoch);
    cache.set(user('u2', 'h2'), later, cache.epoch);
    expect(cache.get('h1', now)?.id).toBe('u1');
    expect(cache.get('h2', now)?.id).toBe('u2');
    expect(cache.get('h3', now)).toBeUndefined();
  });

  it('forgets one token on logout and every token of an account on a reset', () => {
    const { cache } = clocked(1000);
    cache.set(user('u1', 'h1'), later, cache.epoch);
    cache.set(user('u1', 'h1b'), later, cache.epoch);
    cache.set(user('u2', 'h2'), later, cache.epoch);
    cache.invalidateToken('h1');
    expect(cache.get('h1', now)).toBeUndefined();
    expect(cache.get('h1b', now)?.id).toBe('u1');
    cache.invalidateUser('u1');
    expect(cache.get('h1b', now)).toBeUndefined();
    expect(cache.get('h2', now)?.id).toBe('u2');
  });

  it('does not store a lookup that started before a revocation', () => {
    const { cache } = clocked(1000);
    const epoch = cache.epoch;
    cache.invalidateToken('h1');
    cache.set(user('u1', 'h1'), later, epoch);
    expect(cache.get('h1', now)).toBeUndefined();
    cache.set(user('u1', 'h1'), later, cache.epoch);
    expect(cache.get('h1', now)?.id).toBe('u1');
  });

  it('stores nothing with a ttl of 0', () => {
    const { cache } = clocked(0);
    cache.set(user('u1', 'h1'), later, cache.epoch);
    expect(cache.size).toBe(0);
  });

  it('stays within its size, dropping stale entries first, then the oldest', () => {
    const { cache, advance } = clocked(1000, 3);
    cache.set(user('u1', 'h1'), later, cache.epoch);
    advance(1000);
    cache.set(user('u2', 'h2'), later, cache.epoch);
    cache.set(user('u3', 'h3'), later, cache.epoch);
    cache.set(user('u4', 'h4'), later, cache.epoch);
    expect(cache.size).toBe(3);
    expect(cache.get('h2', now)?.id).toBe('u2');
    cache.set(user('u5', 'h5'), later, cache.epoch);
    expect(cache.size).toBe(3);
    expect(cache.get('h2', now)).toBeUndefined();
    expect(cache.get('h3', now)?.id).toBe('u3');
    expect(cache.get('h5', now)?.id).toBe('u5');
  });
});
