import { createFileRoute } from '@tanstack/react-router';
import type { JSX } from 'react';
import { capabilitiesQuery } from '@/components/use-capabilities';
import { DeferredLoginOverlay } from '@/features/auth/deferred-login-overlay';
import { UserArea } from '@/features/auth/user-area';
import { AppLayout } from '@/layout/app-layout';
import { guard } from '@/router/guard';

// The explicit return type keeps the route's type from depending on the layout's own use of the router types.
function MainLayout(): JSX.Element {
  return <AppLayout userArea={<UserArea />} overlay={<DeferredLoginOverlay />} />;
}

export const Route = createFileRoute('/_app')({
  beforeLoad: (args) => {
    // Every screen behind this layout is gated on the capabilities: ask now, alongside the guard's user check.
    void args.context.queryClient.prefetchQuery(capabilitiesQuery());
    return guard(args);
  },
  component: MainLayout,
});
