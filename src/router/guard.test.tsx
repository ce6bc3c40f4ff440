import type { ParsedLocation } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '@/api/http';
import { AppProviders } from '@/app';
import { createQueryClient } from '@/query-client';
import { sessionStore } from '@/stores/session';
import { renderApp, signIn } from '@/test/render-app';
import { recordRequests } from '@/test/request-log';
import { GENERIC_ERROR_MESSAGE, guard } from './guard';
import { WHITELIST } from './whitelist';
import { setupMockServer } from '@/test/mock-server';

const server = setupMockServer();

describe('access guard', () => {
  it('lets a visitor open whitelisted paths and grants the admin role', async () => {
    const { router } = renderApp('/paper/report');
    await screen.findByRole('heading', { name: '查重记录', level: 1 });
    expect(router.state.location.pathname).toBe('/paper/report');
    expect(sessionStore.state).toEqual({ token: null, roles: ['admin'] });
  });

  it('opens every whitelisted route to a visitor and no other', async () => {
    const { router } = renderApp('/home');
    await screen.findByRole('heading', { name: /墨研/, level: 1 });
    const routed = WHITELIST.filter((path) => !['/dashboard', '/papercheck', '/paper/check', '/papermachine/papermachine', '/machine/machine', '/login', '/auth-redirect'].includes(path));
    for (const path of routed) {
      await router.navigate({ href: path });
      expect(router.state.location.pathname).toBe(path);
    }
    for (const path of ['/aippt/list', '/aigccheck/check', '/aipaper/list', '/order/recharge', '/gpt', '/404', '/paper/submit/abc']) {
      await router.navigate({ href: path });
      expect(router.state.location.pathname).toBe('/login');
      expect(router.state.location.search).toEqual({ redirect: path });
    }
  });

  it('sends a visitor on any other route to /login with the original path in redirect', async () => {
    const { router } = renderApp('/order/account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/order/account' });
  });

  it('resolves / to /papercheck/check before the guard, so a visitor stays there', async () => {
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/papercheck/check'));
  });

  it('redirects the writing section to /paperwirte/gc and unknown paths to /login', async () => {
    const writing = renderApp('/paperwirte');
    await waitFor(() => expect(writing.router.state.location.pathname).toBe('/paperwirte/gc'));
    writing.unmount();
    const unknown = renderApp('/no/such/page');
    await waitFor(() => expect(unknown.router.state.location.pathname).toBe('/login'));
  });

  it('sends a signed-in user from /login to /', async () => {
    await signIn();
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/papercheck/check'));
    expect(await screen.findByTestId('user-id')).toHaveTextContent('ID: 10001');
  });

  it('opens protected routes with a token and fetches the user once per session', async () => {
    await signIn();
    const log = recordRequests();
    const { router } = renderApp('/order/account');
    await screen.findByRole('heading', { name: '账户中心', level: 1 });
    await router.navigate({ to: '/order/taocan' });
    await screen.findByRole('heading', { name: '购买套餐', level: 1 });
    log.stop();
    expect(log.calls('/api/base/login_api/current')).toBe(1);
  });

  it('resets the token, shows the error and redirects when the user fetch fails', async () => {
    localStorage.setItem(TOKEN_KEY, 'mya_revoked_token_value');
    sessionStore.actions.reload();
    const { router } = renderApp('/order/account');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/order/account' });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(await screen.findByText('未登录或登录已过期，请重新登录')).toBeInTheDocument();
  });

  it("shows 'Verification failed, please Login again.' when the user info has no result", async () => {
    await signIn();
    server.use(http.post('*/api/base/login_api/current', () => HttpResponse.json({ success: true, result: null })));
    const { router } = renderApp('/order/taocan');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Verification failed, please Login again.')).toBeInTheDocument();
  });

  it('shows the failure message of a server error', async () => {
    await signIn();
    server.use(http.post('*/api/base/login_api/current', () => HttpResponse.json({ success: false, error: { code: 'X' } }, { status: 500 })));
    const { router } = renderApp('/order/taocan');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('请求失败（HTTP 500）')).toBeInTheDocument();
  });

  it("shows 'Has Error' when the failure carries no message", async () => {
    await signIn();
    const queryClient = createQueryClient();
    vi.spyOn(queryClient, 'ensureQueryData').mockRejectedValue(new Error(''));
    const context = { queryClient, session: sessionStore, redirectOf: () => undefined, metaOf: () => undefined };
    const location = { pathname: '/order/taocan' } as ParsedLocation;
    render(<AppProviders queryClient={queryClient}>{null}</AppProviders>);
    await expect(guard({ context, location })).rejects.toMatchObject({ options: { to: '/login', search: { redirect: '/order/taocan' } } });
    expect(await screen.findByText(GENERIC_ERROR_MESSAGE)).toBeInTheDocument();
    expect(sessionStore.state.token).toBeNull();
  });

  it('sets the page title from the route meta with the product prefix', async () => {
    renderApp('/paper/report');
    await waitFor(() => expect(document.title).toBe('墨研 - 查重记录'));
  });
});
