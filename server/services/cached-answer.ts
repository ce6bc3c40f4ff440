/**
 * A big answer many requests read (the report of a 300 000-character paper is 2.4 MB of JSON): a handler
 * returns it as `cachedAnswer(key, build)`, the key naming the version (the record, when it was produced,
 * what else it shows), and the route sends the serialised bytes kept for that key (server/http/answer-cache.ts),
 * built once however many requests ask at the same time. The owner's check runs before, on every request.
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
