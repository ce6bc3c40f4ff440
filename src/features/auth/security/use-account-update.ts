import { useQueryClient } from '@tanstack/react-query';
import { getAccountInfoAccountQueryKey, getAccountInfoSessionsQueryKey } from '@/api/gen/auth/auth';
import type { AccountInfo } from '@/api/gen/model';

/** After a security change: the account as the server answered it, and the device list read again. */
export function useAccountUpdate() {
  const queryClient = useQueryClient();
  return {
    accountChanged: (account: AccountInfo) => queryClient.setQueryData(getAccountInfoAccountQueryKey(), account),
    sessionsChanged: () => queryClient.invalidateQueries({ queryKey: [getAccountInfoSessionsQueryKey()[0]] }),
  };
}
