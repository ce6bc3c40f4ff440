import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '@/api/http';
import { callMock } from '@/test/call-mock';
import { setupMockServer } from '@/test/mock-server';
import { renderApp } from '@/test/render-app';

setupMockServer();

async function issuedToken(): Promise<string> {
  const { body } = await callMock<{ access_token: string }>('/api/base/login_api/f/login?username=zhouqi&password=Moyan2026!');
  return body.result.access_token;
}

describe('/auth-redirect', () => {
  it('signs in with the token from the query and goes on to redirect', async () => {
    const token = await issuedToken();
    const { router } = renderApp(`/auth-redirect?token=${encodeURIComponent(token)}&redirect=${encodeURIComponent('/order/account')}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/account'));
    expect(localStorage.getItem(TOKEN_KEY)).toBe(token);
    expect(await screen.findByTestId('user-id')).toHaveTextContent('ID: 10001');
  });

  it('says so when the token is missing or not accepted, and never follows an outside redirect', async () => {
    renderApp('/auth-redirect?token=mya_unknown.abc&redirect=//evil.example');
    expect(await screen.findByText('登录信息无效或已过期')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '重新登录' })).toHaveAttribute('href', '/login');
  });
});
