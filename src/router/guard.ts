import { type AnyRouter, redirect } from '@tanstack/react-router';
import type { ParsedLocation } from '@tanstack/react-router';
import { notify } from '@/components/ui/toaster';
import { currentUserQuery, rolesOf } from '@/features/auth/api/current-user';
import type { RouterContext } from './context';
import { hasPermission } from './meta';
import { isWhitelisted } from './whitelist';

type GuardArgs = { context: RouterContext; location: ParsedLocation };

const NO_USER_MESSAGE = 'Verification failed, please Login again.';
export const GENERIC_ERROR_MESSAGE = 'Has Error';

async function loadRoles({ queryClient }: RouterContext): Promise<string[]> {
  const user = await queryClient.ensureQueryData(currentUserQuery());
  if (!user?.id) throw new Error(NO_USER_MESSAGE);
  return rolesOf(user);
}

/** The access guard of spec section 2, run before every route under the main and bare layouts. */
export async function guard({ context, location }: GuardArgs): Promise<void> {
  const target = context.redirectOf(location.pathname);
  if (target) throw redirect<AnyRouter>({ href: target, replace: true });

  const { session } = context;
  if (!session.state.token) {
    if (isWhitelisted(location.pathname)) {
      session.actions.visit();
      return;
    }
    throw redirect<AnyRouter>({ to: '/login', search: { redirect: location.pathname } });
  }

  // With a token the roles are empty until the user is fetched (setToken and reload clear them).
  if (session.state.roles.length === 0) {
    let roles: string[];
    try {
      roles = await loadRoles(context);
    } catch (error) {
      session.actions.reset();
      context.queryClient.removeQueries({ queryKey: currentUserQuery().queryKey });
      notify.error(error instanceof Error && error.message ? error.message : GENERIC_ERROR_MESSAGE);
      throw redirect<AnyRouter>({ to: '/login', search: { redirect: location.pathname } });
    }
    session.actions.grant(roles);
  }

  if (!hasPermission(session.state.roles, context.metaOf(location.pathname))) throw redirect<AnyRouter>({ to: '/401' });
}
