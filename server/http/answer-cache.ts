import { LRUCache } from 'lru-cache';

/**
 * A big answer many requests read (the report of a 300 000-character paper is 2.4 MB of JSON): a handler
 * returns it as `cachedAnswer(key, build)`, the key naming the version (the record, when it was produced,
 * what else it shows), and the route sends the serialised bytes kept for that key, built once however many
 * requests ask at the same time. The owner's check runs before, on every request.
 */
export interface CachedAnswer<T> {
  kind: 'cached-answer';
  key: string;
  build(): Promise<T>;
}

export const cachedAnswer = <T>(key: string, build: () => Promise<T>): CachedAnswer<T> => ({ kind: 'cached-answer', key, build });

export function isCachedAnswer(value: unknown): value is CachedAnswer<unknown> {
  return typeof value === 'object' && value !== null && (value as CachedAnswer<unknown>).kind === 'cached-answer';
}

/** The serialised answers of this process: at most `maxBytes` in all, the least recently read leaving first. */
export class AnswerCache {
  private readonly cache: LRUCache<string, Buffer, () => Promise<Buffer>>;

  constructor(maxBytes: number) {
    this.cache = new LRUCache<string, Buffer, () => Promise<Buffer>>({
      maxSize: Math.max(1, maxBytes),
      sizeCalculation: (bytes) => Math.max(1, bytes.length),
      // Requests for a key being built wait for that build (lru-cache shares the pending fetch).
      fetchMethod: (_key, _stale, { context }) => context(),
    });
  }

  /** The bytes kept for `key`, or `serialise`d now (once, for everyone asking meanwhile) and kept when they fit. */
  async get(key: string, serialise: () => Promise<Buffer>): Promise<Buffer> {
    const bytes = await this.cache.fetch(key, { context: serialise });
    if (!bytes) throw new Error(`answer ${key} could not be built`);
    return bytes;
  }
}
