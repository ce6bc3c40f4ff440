import type { QueryClient } from '@tanstack/react-query';
import { type AnyRouter, type RouterHistory, createRouter } from '@tanstack/react-router';
import { routeLookups } from './router/context';
import { routeTree } from './routeTree.gen';
import { sessionStore } from './stores/session';

export function createAppRouter({ queryClient, history }: { queryClient: QueryClient; history?: RouterHistory }) {
  const self: { router?: AnyRouter } = {};
  const router = createRouter({
    routeTree,
    history,
    context: { queryClient, session: sessionStore, ...routeLookups(() => self.router!) },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
  self.router = router;
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
