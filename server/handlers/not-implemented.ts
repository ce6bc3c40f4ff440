import { notImplemented } from '../errors';
import type { HandlerGroup, OperationId } from './types';

/**
 * Handlers for a contract area whose service is not built yet: each answers 501 NOT_IMPLEMENTED
 * (该功能即将上线，敬请期待) instead of pretending to work. Listing the ids keeps the type check honest:
 * a new operation in the contract, or a removed one, fails `tsc` until the list follows.
 */
export function notImplementedHandlers<K extends OperationId>(...ids: K[]): HandlerGroup<K> {
  const reject = async (): Promise<never> => {
    throw notImplemented();
  };
  return Object.fromEntries(ids.map((id) => [id, reject])) as unknown as HandlerGroup<K>;
}
