import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '@/api/http';
import { callMock } from '@/test/call-mock';
import { setupMockServer } from '@/test/mock-server';
import { renderApp } from '@/test/render-app';
import { recordRequests } from '@/test/request-log';
import { setMockOffer } from '../../../../mocks/overrides/capabilities';

const server = setupMockServer();

const REGISTER = '/api/base/login_api/f/register';
const CLOSED_MESSAGE = '本站暂未开放注册，请联系管理员开通账号；已有账号可直接登录';

/** The login overlay on a whitelisted page, switched to sign-up. */
async function openSignup() {
  const view = renderApp('/papercheck/check');
  const overlay = await screen.findByRole('dialog');
  await view.user.click(within(overlay).getByRole('button', { name: '注册账号' }));
  const form = within(overlay).getByRole('form', { name: '注册账号' });
  return { ...view, overlay, form: within(form) };
}

async function fillSignup(
  { user, form }: Awaited<ReturnType<typeof openSignup>>,
  values: { username: string; password: string; confirm?: string; phone?: string },
) {
  await user.type(form.getByLabelText('用户名'), values.username);
  await user.type(form.getByLabelText('密码'), values.password);
  await user.type(form.getByLabelText('确认密码'), values.confirm ?? values.password);
  if (values.phone) await user.type(form.getByLabelText('手机号（选填）'), values.phone);
}

describe('sign-up from the login overlay', () => {
  it('creates the account, signs in with it and closes the overlay', async () => {
    const view = await openSignup();
    await fillSignup(view, { username: '  wangwu  ', password: 'Lunwen#2026', phone: '13912345678' });
    await view.user.click(view.form.getByRole('button', { name: '注册并登录' }));

    expect(await screen.findByTestId('user-id')).toHaveTextContent(/^ID: \d+$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const token = localStorage.getItem(TOKEN_KEY);
    expect((await callMock('/api/base/login_api/current', { token })).body.result).toMatchObject({ loginName: 'wangwu' });
    // The phone was registered with the trimmed username: it signs in to the same account with the new password.
    const byPhone = await callMock<{ access_token: string }>('/api/base/login_api/f/login?username=13912345678&password=Lunwen%232026');
    expect(byPhone.status).toBe(200);
  });

  it('checks each field on blur, says what the formats expect, and sends nothing invalid', async () => {
    const log = recordRequests();
    const view = await openSignup();
    const { user, form } = view;
    const username = form.getByLabelText('用户名');
    const password = form.getByLabelText('密码');
    const confirm = form.getByLabelText('确认密码');
    const phone = form.getByLabelText('手机号（选填）');

    await user.click(username);
    await user.click(password);
    await waitFor(() => expect(username).toHaveAttribute('aria-invalid', 'true'));
    expect(form.queryByText('用户名需为3-32 位字母、数字、下划线、点或连字符')).not.toBeInTheDocument();

    await user.type(username, '张三');
    await user.click(password);
    expect(await form.findByText('用户名需为3-32 位字母、数字、下划线、点或连字符')).toBeInTheDocument();

    await user.type(password, 'short');
    await user.click(confirm);
    expect(await form.findByText('密码长度需为 8-72 位')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, '12345678');
    await user.click(confirm);
    expect(await form.findByText('密码过于简单（重复、连续的字符或日期），请换一个')).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'password123');
    await user.click(confirm);
    expect(await form.findByText('该密码太常见，容易被猜中，请换一个')).toBeInTheDocument();

    await user.type(confirm, 'different');
    await user.click(phone);
    expect(await form.findByText('两次输入的密码不一致')).toBeInTheDocument();

    await user.type(phone, '12345');
    await user.click(username);
    expect(await form.findByText('请输入 11 位手机号')).toBeInTheDocument();
    expect(phone).toHaveAttribute('aria-invalid', 'true');

    await user.click(form.getByRole('button', { name: '注册并登录' }));
    expect(log.calls(REGISTER)).toBe(0);

    await user.clear(username);
    await user.type(username, 'wangwu');
    await user.clear(password);
    await user.type(password, 'Lunwen#2026');
    await user.clear(confirm);
    await user.type(confirm, 'Lunwen#2026');
    await user.clear(phone);
    await user.click(username);
    await waitFor(() => expect(phone).not.toHaveAttribute('aria-invalid'));
    expect(username).not.toHaveAttribute('aria-invalid');
    expect(confirm).not.toHaveAttribute('aria-invalid');
    log.stop();
  });

  it('shows the server message in red under the form when the name is taken', async () => {
    await callMock(REGISTER, { body: { username: 'wangwu', password: 'Lunwen#2026' } });
    const view = await openSignup();
    await fillSignup(view, { username: 'wangwu', password: 'Another-2026' });
    await view.user.click(view.form.getByRole('button', { name: '注册并登录' }));
    const message = await view.form.findByRole('alert');
    expect(message).toHaveTextContent('该用户名已被注册');
    expect(message).toHaveStyle({ color: 'var(--chakra-colors-red-500)' });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('shows the server message when the operator closed registration after the form opened', async () => {
    const view = await openSignup();
    setMockOffer({ registration: false });
    await fillSignup(view, { username: 'wangwu', password: 'Lunwen#2026' });
    await view.user.click(view.form.getByRole('button', { name: '注册并登录' }));
    expect(await view.form.findByRole('alert')).toHaveTextContent(CLOSED_MESSAGE);
    expect(screen.queryByText('未登录、请登录后使用!')).not.toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('ignores a second click while the sign-up is in progress', async () => {
    const log = recordRequests();
    server.use(
      http.post(`*${REGISTER}`, async () => {
        await delay(300);
        return HttpResponse.json({ success: false, error: { code: 'USERNAME_TAKEN', message: '该用户名已被注册' } }, { status: 409 });
      }),
    );
    const view = await openSignup();
    await fillSignup(view, { username: 'wangwu', password: 'Lunwen#2026' });
    const button = view.form.getByRole('button', { name: '注册并登录' });
    await view.user.click(button);
    await view.user.click(button);
    await view.form.findByRole('alert');
    expect(log.calls(REGISTER)).toBe(1);
    log.stop();
  });

  it('warns when an uppercase letter is typed into the password', async () => {
    const { user, form } = await openSignup();
    await user.type(form.getByLabelText('密码'), 'abC');
    expect(form.getByText('大写锁定已打开')).toBeInTheDocument();
  });

  it('goes back to password login', async () => {
    const { user, overlay } = await openSignup();
    await user.click(within(overlay).getByRole('button', { name: '返回登录' }));
    expect(within(overlay).getByRole('form', { name: '账号密码登录' })).toBeInTheDocument();
    expect(within(overlay).queryByRole('form', { name: '注册账号' })).not.toBeInTheDocument();
  });

  it('offers no sign-up when the server says registration is closed', async () => {
    setMockOffer({ registration: false });
    renderApp('/papercheck/check');
    const overlay = await screen.findByRole('dialog');
    await within(overlay).findByRole('form', { name: '账号密码登录' });
    await waitFor(() => expect(within(overlay).queryByRole('button', { name: '注册账号' })).not.toBeInTheDocument());
  });
});

describe('sign-up on /login', () => {
  it('opens with ?mode=register and, once signed up, goes on to redirect', async () => {
    const { user, router } = renderApp(`/login?mode=register&redirect=${encodeURIComponent('/order/account')}`);
    const form = within(await screen.findByRole('form', { name: '注册账号' }));
    await user.type(form.getByLabelText('用户名'), 'zhaoliu');
    await user.type(form.getByLabelText('密码'), 'Lunwen#2026');
    await user.type(form.getByLabelText('确认密码'), 'Lunwen#2026');
    await user.click(form.getByRole('button', { name: '注册并登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/account'));
    expect(await screen.findByTestId('user-id')).toBeInTheDocument();
  });

  it('switches to sign-up from the password form', async () => {
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: '注册账号' }));
    expect(screen.getByRole('form', { name: '注册账号' })).toBeInTheDocument();
  });
});
