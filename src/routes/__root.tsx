import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { DocumentTitle } from '@/layout/document-title';
import { ErrorListener } from '@/layout/error-listener';
import { RouteError } from '@/layout/route-error';
import type { RouterContext } from '@/router/context';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: function Root() {
    return (
      <>
        <DocumentTitle />
        <ErrorListener />
        <Outlet />
      </>
    );
  },
  errorComponent: RouteError,
});
