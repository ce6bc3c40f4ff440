import { notImplemented } from '../errors';
import type { HandlerGroup, OperationId } from './types';

/**
 * Handlers for a contract area whose service is not built yet: each answers 501 NOT_IMPLEMENTED
 * (该功能即将上线，敬请期待) instead of pretending to work. Listing the ids keeps the type check honest:
 * a new operation in the contract, or a removed one, fails `tsc` until the list follows.
 */
export function notImplementedHandlers<K extends OperationId>(...ids: K[]): HandlerGroup<K> {
  return Object.fromEntries(ids.map((id) => [id, reject])) as unknown as HandlerGroup<K>;
}

async function reject(): Promise<never> {
  throw notImplemented();
}

/** Whether a handler is the 501 placeholder (tests check that placeholders never pretend to work). */
export function isNotImplemented(handler: unknown): boolean {
  return handler === reject;
}

/**
 * The areas whose handlers all do real work. An area with any 501 placeholder left is not built: its
 * service is not offered (server/services/system/capabilities.ts) and its packages are not sold.
 */
export function builtAreas<A extends string>(areas: Record<A, object>): Set<A> {
  const built = (Object.entries(areas) as Array<[A, object]>).filter(
    ([, group]) => !Object.values(group).some(isNotImplemented),
  );
  return new Set(built.map(([area]) => area));
}
