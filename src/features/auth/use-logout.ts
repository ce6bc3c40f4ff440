import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { loginLogout } from '@/api/gen/auth/auth';
import { sessionStore } from '@/stores/session';
import { tagsStore } from '@/stores/tags';

/** Sign out: revoke the token (best effort), forget the user, and go to /login with the full current path. */
export function useLogout() {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useCallback(async () => {
    const redirect = router.state.location.href;
    await loginLogout().catch(() => undefined);
    sessionStore.actions.reset();
    queryClient.clear();
    tagsStore.actions.reset();
    await router.navigate({ to: '/login', search: { redirect } });
  }, [queryClient, router]);
}
