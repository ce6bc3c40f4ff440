import type { AuthUser } from './types';

/**
 * Access tokens this process resolved recently (token hash → its account), so a signed-in call does not
 * look its token up in the database every time. An entry is trusted for at most `ttlMs` (1 s at most by
 * configuration, AUTH_CACHE_TTL_MS). A revocation made by this process (logout, a password reset run in it)
 * removes its entries at once; on PostgreSQL one made by another process (a second API process,
 * `npm run cli -- user reset-password`) does so as soon as its notification arrives (tokens.ts), and within that
 * time at the latest should the notification be lost.
 *
 * A lookup that was already under way when a revocation happened must not put the revoked token back:
 * every invalidation bumps `epoch`, and a lookup stores its answer only if the epoch it started under is
 * still the current one.
 */
export class TokenCache {
  private readonly entries = new Map<string, { user: AuthUser; expiresAt: number; storedAt: number }>();
  private generation = 0;

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** The epoch to hand back to `set` for a lookup that starts now. */
  get epoch(): number {
    return this.generation;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The account of a cached token still fresh and not expired at `now` (the app's clock), else undefined. */
  get(tokenHash: string, now: Date): AuthUser | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (this.clock() - entry.storedAt >= this.ttlMs || entry.expiresAt <= now.getTime()) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.user;
  }

  set(user: AuthUser, expiresAt: Date, epoch: number): void {
    if (this.ttlMs <= 0 || epoch !== this.generation) return;
    this.entries.delete(user.tokenHash);
    if (this.entries.size >= this.maxEntries) this.evict();
    this.entries.set(user.tokenHash, { user, expiresAt: expiresAt.getTime(), storedAt: this.clock() });
  }

  invalidateToken(tokenHash: string): void {
    this.generation++;
    this.entries.delete(tokenHash);
  }

  invalidateUser(userId: string): void {
    this.generation++;
    for (const [hash, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(hash);
  }

  /** Every entry: revocations may have been missed (the connection that hears of them was lost). */
  invalidateAll(): void {
    this.generation++;
    this.entries.clear();
  }

  // Stale entries first; if every entry is fresh, the oldest (a Map keeps insertion order).
  private evict(): void {
    const now = this.clock();
    for (const [hash, entry] of this.entries) if (now - entry.storedAt >= this.ttlMs) this.entries.delete(hash);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}
