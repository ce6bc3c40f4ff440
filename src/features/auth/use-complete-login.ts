import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { appStore } from '@/stores/app';
import { sessionStore } from '@/stores/session';
import { currentUserQuery, rolesOf } from './api/current-user';

/**
 * After a password or QR login: keep the token, fetch the user, close the overlay.
 * A failed user fetch only ends the loading state (spec section 8); resolves whether it worked.
 */
export function useCompleteLogin() {
  const queryClient = useQueryClient();
  return useCallback(
    async (token: string): Promise<boolean> => {
      sessionStore.actions.setToken(token);
      try {
        const user = await queryClient.fetchQuery({ ...currentUserQuery(), staleTime: 0 });
        sessionStore.actions.grant(rolesOf(user));
        appStore.actions.closeLogin();
        return true;
      } catch {
        return false;
      }
    },
    [queryClient],
  );
}
