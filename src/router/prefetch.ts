import type { EnsureQueryDataOptions, QueryKey } from '@tanstack/react-query';
import type { RouterContext } from './context';

/**
 * A route's loader: the record its screen shows is fetched into the query cache (under the key the screen's
 * own query uses) before the screen renders, so defaultPreload: 'intent' loads the data on hover, not only the
 * code. Signed-in users only. Silent and never thrown: a failure is the screen's to show, through its own query.
 */
export async function prefetchRecord<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  { queryClient, session }: Pick<RouterContext, 'queryClient' | 'session'>,
  options: EnsureQueryDataOptions<TQueryFnData, TError, TData, TQueryKey>,
): Promise<void> {
  if (!session.state.token) return;
  await queryClient.ensureQueryData({ ...options, meta: { silent: true } }).catch(() => undefined);
}
