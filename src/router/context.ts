import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import type { Session } from '@/stores/session';
import type { RouteMeta } from './meta';

export type RouterContext = {
  queryClient: QueryClient;
  session: Session;
  /** The `staticData.redirect` of the route at this path, resolved before the guard runs. */
  redirectOf: (pathname: string) => string | undefined;
  /** The meta of the deepest route matching this path, for the role check. */
  metaOf: (pathname: string) => RouteMeta | undefined;
};

/**
 * Route lookups for the guard. They read the router's match list rather than the `matches` argument
 * of beforeLoad, whose type refers back to the route tree and would make the route types circular.
 */
export function routeLookups(getRouter: () => AnyRouter): Pick<RouterContext, 'redirectOf' | 'metaOf'> {
  const leafOf = (pathname: string) => {
    const [matchedRoutes] = getRouter().getMatchedRoutes(pathname);
    return matchedRoutes.at(-1)?.options.staticData;
  };
  return {
    redirectOf: (pathname) => leafOf(pathname)?.redirect,
    metaOf: (pathname) => leafOf(pathname)?.meta,
  };
}
