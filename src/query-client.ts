import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/api/http';
import { notify } from '@/components/ui/toaster';
import { appStore } from '@/stores/app';

const UNAUTHENTICATED_MESSAGE = '未登录、请登录后使用!';

declare module '@tanstack/react-query' {
  interface Register {
    /** `silent`: the caller shows the failure itself (login form, QR polling, the guard). */
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/** Section 8: a 401 asks the user to log in and opens the overlay; anything else shows its own message. */
function reportApiError(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) {
    notify.error(UNAUTHENTICATED_MESSAGE);
    appStore.actions.openLogin();
    return;
  }
  notify.error(error instanceof Error && error.message ? error.message : '请求失败，请稍后重试');
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) reportApiError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silent) reportApiError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}
