import { createFileRoute } from '@tanstack/react-router';
import type { JSX } from 'react';
import { LoginOverlay } from '@/features/auth/login-overlay';
import { UserArea } from '@/features/auth/user-area';
import { AppLayout } from '@/layout/app-layout';
import { guard } from '@/router/guard';

// The explicit return type keeps the route's type from depending on the layout's own use of the router types.
function MainLayout(): JSX.Element {
  return <AppLayout userArea={<UserArea />} overlay={<LoginOverlay />} />;
}

export const Route = createFileRoute('/_app')({
  beforeLoad: guard,
  component: MainLayout,
});
