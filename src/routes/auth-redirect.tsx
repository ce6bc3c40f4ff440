import { createFileRoute } from '@tanstack/react-router';
import { AuthRedirectPage } from '@/features/auth/auth-redirect-page';

type AuthRedirectSearch = { token?: string; redirect?: string };

export const Route = createFileRoute('/auth-redirect')({
  staticData: { meta: { title: '登录跳转', hidden: true } },
  validateSearch: (search: Record<string, unknown>): AuthRedirectSearch => ({
    token: typeof search.token === 'string' ? search.token : undefined,
    redirect: typeof search.redirect === 'string' ? search.redirect : undefined,
  }),
  component: function AuthRedirect() {
    const { token, redirect } = Route.useSearch();
    return <AuthRedirectPage token={token} redirect={redirect} />;
  },
});
