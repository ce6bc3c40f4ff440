import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '@/api/http';
import { toaster } from '@/components/ui/toaster-view';
import { renderApp, signIn } from '@/test/render-app';
import { recordRequests } from '@/test/request-log';
import { setupMockServer } from '@/test/mock-server';

const server = setupMockServer();

const LOGIN = '/api/base/login_api/f/login';
const dialog = () => screen.findByRole('dialog');

describe('login overlay', () => {
  it('opens on load without a token, with the spec texts and links', async () => {
    renderApp('/papercheck/check');
    const overlay = await dialog();
    expect(within(overlay).getByText('微信扫码登录')).toBeInTheDocument();
    expect(within(overlay).getByText('微信扫码登录首次免费查重')).toBeInTheDocument();
    expect(within(overlay).getByRole('link', { name: '前往用户名密码登录页' })).toHaveAttribute('href', '/login');
    expect(within(overlay).getByRole('button', { name: '先看看,一会再说' })).toBeInTheDocument();
    expect(await within(overlay).findByAltText('微信扫码登录二维码')).toBeInTheDocument();
  });

  it('closes on dismiss and opens again from the sign-in button', async () => {
    const { user } = renderApp('/papercheck/check');
    await user.click(within(await dialog()).getByRole('button', { name: '先看看,一会再说' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await dialog()).toBeInTheDocument();
  });

  it('stays closed on load when a token exists', async () => {
    await signIn();
    renderApp('/papercheck/check');
    await screen.findByTestId('user-id');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('logs in with a password sent in the body: trims the username, stores the token, closes and shows the user ID', async () => {
    const log = recordRequests();
    const { user } = renderApp('/papercheck/check');
    const overlay = await dialog();
    await user.type(within(overlay).getByLabelText('用户名'), '  lisi  ');
    await user.type(within(overlay).getByLabelText('密码'), 'Moyan2026!');
    await user.click(within(overlay).getByRole('button', { name: '登录' }));
    expect(await screen.findByTestId('user-id')).toHaveTextContent('ID: 10001');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The form goes in the body, so the password is in no address (proxy logs, browser history).
    expect(log.last(LOGIN)?.search).toBe('');
    expect(await log.lastBody(LOGIN)).toEqual({ username: 'lisi', password: 'Moyan2026!' });
    expect(localStorage.getItem(TOKEN_KEY)).toMatch(/^mya_/);
    log.stop();
  });

  it('shows the server message in red under the form when the password is wrong', async () => {
    const { user } = renderApp('/papercheck/check');
    const overlay = await dialog();
    await user.type(within(overlay).getByLabelText('用户名'), 'lisi');
    await user.type(within(overlay).getByLabelText('密码'), 'wrong-password');
    await user.click(within(overlay).getByRole('button', { name: '登录' }));
    const message = await within(overlay).findByRole('alert');
    expect(message).toHaveTextContent('用户名或密码错误');
    expect(message).toHaveStyle({ color: 'var(--chakra-colors-red-500)' });
    expect(screen.queryByText('未登录、请登录后使用!')).not.toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('marks empty fields on blur without any message text and does not submit them', async () => {
    const log = recordRequests();
    const { user } = renderApp('/papercheck/check');
    const overlay = await dialog();
    const username = within(overlay).getByLabelText('用户名');
    const password = within(overlay).getByLabelText('密码');
    await user.type(username, '   ');
    await user.click(password);
    await user.click(username);
    await waitFor(() => expect(username).toHaveAttribute('aria-invalid', 'true'));
    expect(password).toHaveAttribute('aria-invalid', 'true');
    const form = within(overlay).getByRole('form', { name: '账号密码登录' });
    expect(form.textContent).toBe('用户名密码登录');
    await user.click(within(overlay).getByRole('button', { name: '登录' }));
    expect(log.calls(LOGIN)).toBe(0);
    log.stop();
  });

  it('ignores a second click while the login is in progress', async () => {
    const log = recordRequests();
    server.use(
      http.post(`*${LOGIN}`, async () => {
        await delay(300);
        return HttpResponse.json({ success: false, error: { code: 'BAD_CREDENTIALS', message: '用户名或密码错误' } }, { status: 401 });
      }),
    );
    const { user } = renderApp('/papercheck/check');
    const overlay = await dialog();
    await user.type(within(overlay).getByLabelText('用户名'), 'lisi');
    await user.type(within(overlay).getByLabelText('密码'), 'secret');
    const button = within(overlay).getByRole('button', { name: '登录' });
    await user.click(button);
    await user.click(button);
    await within(overlay).findByRole('alert');
    expect(log.calls(LOGIN)).toBe(1);
    log.stop();
  });

  it('warns when an uppercase letter is typed into the password', async () => {
    const { user } = renderApp('/papercheck/check');
    const password = within(await dialog()).getByLabelText('密码');
    await user.type(password, 'abC');
    expect(screen.getByText('大写锁定已打开')).toBeInTheDocument();
    await user.type(password, 'd');
    expect(screen.queryByText('大写锁定已打开')).not.toBeInTheDocument();
  });

  it('opens on a 401 with the spec toast, while other failures show their own message', async () => {
    await signIn();
    server.use(
      http.post('*/api/order/order_info_api/query_list', () =>
        HttpResponse.json({ success: false, error: { code: 'UNAUTHORIZED', message: '登录已过期' } }, { status: 401 }),
      ),
      http.post('*/api/base/account_info_api/ledger', () =>
        HttpResponse.json({ success: false, error: { code: 'BUSY', message: '服务繁忙，请稍后再试' } }, { status: 503 }),
      ),
    );
    renderApp('/order/account');
    expect(await screen.findByText('未登录、请登录后使用!')).toBeInTheDocument();
    expect(await dialog()).toBeInTheDocument();
    expect((await screen.findAllByText('服务繁忙，请稍后再试')).length).toBeGreaterThan(0);
    expect(screen.queryByText('登录已过期')).not.toBeInTheDocument();
    expect(screen.getByText('登录后查看您的记录')).toBeInTheDocument();
    const toast = toaster.getVisibleToasts().find((item) => item.title === '未登录、请登录后使用!');
    expect(toast?.duration).toBe(2000);
    const group = document.querySelector<HTMLElement>('[data-scope="toast"][data-part="group"]');
    expect(group?.style.getPropertyValue('--viewport-offset-top')).toBe('90px');
  });
});
