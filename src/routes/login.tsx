import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '@/features/auth/login-page';
import { useDeviceMode } from '@/layout/use-layout-effects';

/** `mode=register` opens the sign-up form (a mode of /login, so the spec's whitelist covers it). */
type LoginSearch = { redirect?: string; mode?: 'register' };

export const Route = createFileRoute('/login')({
  staticData: { meta: { title: '登录', hidden: true } },
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    redirect: typeof search.redirect === 'string' ? search.redirect : undefined,
    mode: search.mode === 'register' ? 'register' : undefined,
  }),
  beforeLoad: ({ context }) => {
    if (context.session.state.token) throw redirect({ to: '/' });
  },
  component: function Login() {
    const { redirect: target, mode } = Route.useSearch();
    // The page stands outside the layout, which otherwise tells phones from desktops.
    useDeviceMode();
    return <LoginPage redirect={target} mode={mode} />;
  },
});
