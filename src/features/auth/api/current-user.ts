import { queryOptions } from '@tanstack/react-query';
import { getLoginCurrentQueryKey, loginCurrent } from '@/api/gen/auth/auth';

/**
 * The current user, fetched once per session (the guard and the navigation share this entry).
 * Silent: the guard and the login area report its failure themselves.
 */
export function currentUserQuery() {
  return queryOptions({
    queryKey: getLoginCurrentQueryKey(),
    queryFn: ({ signal }) => loginCurrent(signal),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    meta: { silent: true },
  });
}
