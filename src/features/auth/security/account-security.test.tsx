import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '@/api/http';
import { toaster } from '@/components/ui/toaster-view';
import { sessionStore } from '@/stores/session';
import { callMock } from '@/test/call-mock';
import { setupMockServer } from '@/test/mock-server';
import { renderApp, signIn } from '@/test/render-app';
import { resetMockState } from '../../../../mocks/handlers';
import { setMockOffer } from '../../../../mocks/overrides/capabilities';

const server = setupMockServer();
beforeEach(() => resetMockState({ data: 'empty' }));

/** A QR sign-up as the phone makes one: code, confirmation from the phone, the desktop's poll. */
async function signInByQr(): Promise<string> {
  const { body: code } = await callMock<{ id: string; qrCode: string }>('/api/base/login_api/f/login_qr_code');
  const scanToken = new URL(code.result.qrCode).pathname.split('/').at(-1);
  await callMock('/api/base/login_api/f/qr_confirm', { body: { scanToken } });
  const { body: poll } = await callMock<string>(`/api/base/login_api/f/val_login_qr_code?query=${code.result.id}`);
  localStorage.setItem(TOKEN_KEY, poll.result);
  sessionStore.actions.reload();
  return poll.result;
}

/** The account centre, once its card has loaded (the route's code compiles on the first visit of the file). */
async function openAccount(path = '/order/account') {
  const view = renderApp(path);
  await screen.findByRole('heading', { name: '账号与安全' }, { timeout: 20_000 });
  return view;
}

const row = async (label: string) => within(await screen.findByRole('group', { name: label }));
const loginStatus = (username: string, password: string) =>
  callMock(`/api/base/login_api/f/login?username=${username}&password=${encodeURIComponent(password)}`).then((r) => r.status);

describe('账号与安全 on /order/account', () => {
  it('warns a QR-only account, sets its password, then binds a phone that signs in with it', async () => {
    await signInByQr();
    const { user } = await openAccount();
    expect(await screen.findByTestId('qr-only-warning')).toHaveTextContent('只能用注册时那部手机扫码登录');
    // Chinese sentences run on without a space between them.
    expect(screen.getByTestId('qr-only-warning')).toHaveTextContent('无法找回。设置登录密码后');
    const loginName = screen.getAllByText(/^qr_/)[0].textContent!;
    expect((await row('登录密码')).getByText('未设置')).toBeInTheDocument();
    expect((await row('手机号')).getByRole('button', { name: '绑定手机号' })).toBeDisabled();

    await user.click((await row('登录密码')).getByRole('button', { name: '设置密码' }));
    const setDialog = within(await screen.findByRole('dialog'));
    await user.type(setDialog.getByLabelText('新密码'), 'Qr2026!pass');
    await user.type(setDialog.getByLabelText('确认新密码'), 'Qr2026!pass');
    await user.click(setDialog.getByRole('button', { name: '设置密码' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(`已设置密码，现在可以用登录名 ${loginName} 加密码登录`)).toBeInTheDocument();
    expect(screen.queryByTestId('qr-only-warning')).not.toBeInTheDocument();
    expect((await row('登录密码')).getByText('已设置')).toBeInTheDocument();
    expect((await row('登录密码')).getByText(`用登录名 ${loginName} 加密码登录`)).toBeInTheDocument();
    expect(await loginStatus(loginName, 'Qr2026!pass')).toBe(200);

    await user.click((await row('手机号')).getByRole('button', { name: '绑定手机号' }));
    const phoneDialog = within(await screen.findByRole('dialog'));
    expect(phoneDialog.getByTestId('unverified-phone-note')).toHaveTextContent('不发送验证码');
    await user.type(phoneDialog.getByLabelText('手机号'), '13700137001');
    await user.type(phoneDialog.getByLabelText('登录密码'), 'Qr2026!pass');
    await user.click(phoneDialog.getByRole('button', { name: '绑定' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const phone = await row('手机号');
    expect(phone.getByText('13700137001')).toBeInTheDocument();
    expect(phone.getByText('未验证')).toBeInTheDocument();
    expect(await loginStatus('13700137001', 'Qr2026!pass')).toBe(200);
  });

  it('shows the server’s message in the dialog when the phone is taken or the password wrong, and keeps the old phone', async () => {
    await callMock('/api/base/login_api/f/register', { body: { username: 'owner01', password: 'Owner2026!pw', phone: '13700137002' } });
    const { body } = await callMock<{ access_token: string }>('/api/base/login_api/f/register', { body: { username: 'seeker01', password: 'Seeker2026!pw' } });
    localStorage.setItem(TOKEN_KEY, body.result.access_token);
    sessionStore.actions.reload();
    const { user } = await openAccount();
    await user.click((await row('手机号')).getByRole('button', { name: '绑定手机号' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('手机号'), '13700137002');
    await user.type(dialog.getByLabelText('登录密码'), 'Seeker2026!pw');
    await user.click(dialog.getByRole('button', { name: '绑定' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('该手机号已被注册');

    await user.clear(dialog.getByLabelText('手机号'));
    await user.type(dialog.getByLabelText('手机号'), '13700137003');
    await user.clear(dialog.getByLabelText('登录密码'));
    await user.type(dialog.getByLabelText('登录密码'), 'Wrong2026!pw');
    await user.click(dialog.getByRole('button', { name: '绑定' }));
    await waitFor(() => expect(dialog.getByRole('alert')).toHaveTextContent('登录密码不正确'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: '取消' }));
    expect((await row('手机号')).getByText('未绑定')).toBeInTheDocument();
  });

  it('changes the password with the old one: a wrong one is said in the dialog, the right one signs the other devices out', async () => {
    await signIn('changer01', 'Moyan2026!');
    const other = (await callMock<{ access_token: string }>('/api/base/login_api/f/login?username=changer01&password=Moyan2026!')).body.result.access_token;
    const { user } = await openAccount();
    await user.click((await row('登录密码')).getByRole('button', { name: '修改密码' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('原密码'), 'NotMine2026!');
    await user.type(dialog.getByLabelText('新密码'), 'Changed2026!pw');
    await user.type(dialog.getByLabelText('确认新密码'), 'Changed2026!pw');
    await user.click(dialog.getByRole('button', { name: '修改密码' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('原密码不正确');
    expect((await callMock('/api/base/login_api/current', { token: other })).status).toBe(200);

    await user.clear(dialog.getByLabelText('原密码'));
    await user.type(dialog.getByLabelText('原密码'), 'Moyan2026!');
    await user.click(dialog.getByRole('button', { name: '修改密码' }));
    expect(await screen.findByText('密码已修改，其他 1 台设备已退出登录')).toBeInTheDocument();
    expect((await callMock('/api/base/login_api/current', { token: other })).status).toBe(401);
    expect(await loginStatus('changer01', 'Changed2026!pw')).toBe(200);
  });

  it('checks the new password twice before asking the server', async () => {
    await signIn('typist01', 'Moyan2026!');
    const { user } = await openAccount();
    await user.click((await row('登录密码')).getByRole('button', { name: '修改密码' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('原密码'), 'Moyan2026!');
    await user.type(dialog.getByLabelText('新密码'), 'Changed2026!pw');
    await user.type(dialog.getByLabelText('确认新密码'), 'Changed2026!px');
    await user.click(dialog.getByRole('button', { name: '修改密码' }));
    expect(await dialog.findByText('两次输入的密码不一致')).toBeInTheDocument();
    expect(await loginStatus('typist01', 'Moyan2026!')).toBe(200);
  });
});

describe('登录设备 on /order/account?tab=devices', () => {
  it('lists this device and another, signs the other out, and then has nothing else to sign out', async () => {
    await signIn('devices01', 'Moyan2026!');
    const phone = (await callMock<{ access_token: string }>('/api/base/login_api/f/login?username=devices01&password=Moyan2026!')).body.result.access_token;
    const { user } = await openAccount('/order/account?tab=devices');
    const table = within(await screen.findByRole('table', { name: '登录设备' }));
    const rows = table.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows.find((r) => within(r).queryByText('当前设备'))!).queryByRole('button')).not.toBeInTheDocument();

    const others = rows.filter((r) => !within(r).queryByText('当前设备'));
    expect(others).toHaveLength(1);
    expect(within(others[0]).getByText('密码登录')).toBeInTheDocument();
    await user.click(within(others[0]).getByRole('button', { name: /^退出 / }));
    expect(await screen.findByText('该设备已退出登录')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('table', { name: '登录设备' })).getAllByRole('row')).toHaveLength(2));
    expect((await callMock('/api/base/login_api/current', { token: phone })).status).toBe(401);
    expect(screen.getByRole('button', { name: '退出其他全部设备' })).toBeDisabled();
  });

  it('signs every other device out at once', async () => {
    await signIn('devices02', 'Moyan2026!');
    const tokens = [];
    for (let i = 0; i < 2; i++) tokens.push((await callMock<{ access_token: string }>('/api/base/login_api/f/login?username=devices02&password=Moyan2026!')).body.result.access_token);
    const { user } = await openAccount('/order/account?tab=devices');
    await waitFor(() => expect(within(screen.getByRole('table', { name: '登录设备' })).getAllByRole('row')).toHaveLength(4));
    await user.click(screen.getByRole('button', { name: '退出其他全部设备' }));
    // The list keeps only this device (the toast may queue behind earlier tests' toasts, so the list is what is checked).
    await waitFor(() => expect(within(screen.getByRole('table', { name: '登录设备' })).getAllByRole('row')).toHaveLength(2));
    for (const token of tokens) expect((await callMock('/api/base/login_api/current', { token })).status).toBe(401);
    expect((await callMock('/api/base/login_api/current', { token: localStorage.getItem(TOKEN_KEY) })).status).toBe(200);
  });
});

describe('微信登录 on /order/account', () => {
  // Earlier tests' toasts would queue ahead of these (at most 4 show).
  beforeEach(() => toaster.remove());

  // The mocked WeChat "scans" at once: the dialog stays until the account, asked every 3 s, shows WeChat.
  it('links WeChat through WeChat’s code in a dialog, then unlinks it', async () => {
    await signIn('wechat01', 'Moyan2026!');
    const { user } = await openAccount();
    const wechat = await row('微信登录');
    expect(wechat.getByText('未绑定')).toBeInTheDocument();
    await user.click(wechat.getByRole('button', { name: '绑定微信' }));
    const dialog = within(await screen.findByRole('dialog', { name: '绑定微信' }));
    expect(dialog.getByTitle('绑定微信二维码').getAttribute('src')).toMatch(/^data:text\/html/);
    expect(dialog.getByText('请使用微信扫一扫，在手机上确认')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 8000 });
    expect(await screen.findByText('已绑定微信，之后可用微信扫码登录')).toBeInTheDocument();
    expect((await row('微信登录')).getByText('已绑定')).toBeInTheDocument();
    expect((await row('微信登录')).getByText('李同学')).toBeInTheDocument();

    await user.click((await row('微信登录')).getByRole('button', { name: '解绑微信' }));
    expect(await screen.findByText('已解绑微信')).toBeInTheDocument();
    await waitFor(async () => expect((await row('微信登录')).getByText('未绑定')).toBeInTheDocument());
  });

  it('drops the lost-phone warning once WeChat is linked, and says why WeChat stays when the server keeps it', async () => {
    const token = await signInByQr();
    expect((await callMock('/api/base/account_info_api/wechat_link', { token })).status).toBe(200);
    const { user } = await openAccount();
    const wechat = await row('微信登录');
    expect(await wechat.findByText('已绑定')).toBeInTheDocument();
    expect(screen.queryByTestId('qr-only-warning')).not.toBeInTheDocument();

    server.use(
      http.post('*/api/base/account_info_api/wechat_unlink', () =>
        Response.json(
          { success: false, error: { code: 'WECHAT_ONLY_SIGN_IN', message: '微信是这个账号唯一的登录方式，请先设置密码或绑定手机号再解绑' } },
          { status: 409 },
        ),
      ),
    );
    await user.click(wechat.getByRole('button', { name: '解绑微信' }));
    expect(await screen.findByText('微信是这个账号唯一的登录方式，请先设置密码或绑定手机号再解绑')).toBeInTheDocument();
    expect((await row('微信登录')).getByText('已绑定')).toBeInTheDocument();
  });

  it('offers no WeChat row where the instance has no WeChat sign-in', async () => {
    setMockOffer({ wechatLogin: false });
    await signIn('wechat02', 'Moyan2026!');
    await openAccount();
    await row('手机号');
    expect(screen.queryByRole('group', { name: '微信登录' })).not.toBeInTheDocument();
  });
});
