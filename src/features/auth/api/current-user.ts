import { queryOptions } from '@tanstack/react-query';
import { getLoginCurrentQueryKey, loginCurrent } from '@/api/gen/auth/auth';

/** Every signed-in user holds the role admin (spec section 6), whatever the server lists. */
export function rolesOf(user: { roles?: string[] }): string[] {
  return user.roles?.length ? user.roles : ['admin'];
}

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
