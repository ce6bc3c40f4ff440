import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Database } from '../db/client';

// @fastify/rate-limit's counters in PostgreSQL (rate_limit_windows) instead of each process's memory: behind a proxy
// that spreads requests over several API processes, a user's limit is the same as with one. A fixed window per key,
// as the plugin's own store keeps it; one statement per limited request. Windows long over are deleted now and then.

const COUNT = `
  insert into rate_limit_windows as w (key, started_at, hits) values ($1, clock_timestamp(), 1)
  on conflict (key) do update set
    started_at = case when w.started_at <= clock_timestamp() - $2::int * interval '1 millisecond' then clock_timestamp() else w.started_at end,
    hits = case when w.started_at <= clock_timestamp() - $2::int * interval '1 millisecond' then 1 else w.hits + 1 end
  returning hits, greatest(0, ceil(extract(epoch from started_at + $2::int * interval '1 millisecond' - clock_timestamp()) * 1000))::int as ttl`;

const PRUNE_EVERY = 1000;
const PRUNE = `delete from rate_limit_windows where started_at < clock_timestamp() - interval '1 hour'`;

/** The store class for `app.register(rateLimit, { store })`, its counters in `db` (PostgreSQL). */
export function sharedRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  let counted = 0;
  class SharedStore implements FastifyRateLimitStore {
    // The plugin constructs the root store with its options; only children count.
    private prefix = '';

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      if (++counted % PRUNE_EVERY === 0) void db.sql(PRUNE).catch(() => undefined);
      db.sql<{ hits: number; ttl: number }>(COUNT, [`${this.prefix}${key}`, timeWindow]).then(
        ([row]) => callback(null, { current: row.hits, ttl: row.ttl }),
        (error: Error) => callback(error),
      );
    }

    // One counter per route: the plugin asks each limited route for a child with its method and path.
    // (It is given the route's merged limit settings, the route itself under routeInfo, whatever the types say.)
    child(settings: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const { method = '', url = '' } = (settings as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      const store = new SharedStore();
      store.prefix = `${[method].flat().join(',')} ${url} `;
      return store;
    }
  }
  return SharedStore as unknown as FastifyRateLimitStoreCtor;
}
