import { LRUCache } from 'lru-cache';

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
