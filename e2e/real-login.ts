// Password login in the browser against the real server: a wrong password gets the server's
// 用户名或密码错误, the right one (sent in the request body, never in the address) signs in as the CLI-created user, a reload keeps the session and
// signing out revokes the token on the server.
import assert from 'node:assert/strict';
import { loginWithPassword, storedToken, submitWrongPassword } from './login';
import type { RealFlow } from './real-server';

const USER = { username: 'e2e_login', password: 'Moyan2026!' };

export const passwordLoginFlow: RealFlow = {
  name: '账号密码登录（真实服务器）',
  users: [USER],
  async run({ page, server, log }) {
    await page.goto(`${server.url}/`);
    const overlay = page.getByRole('dialog');
    await overlay.getByText('微信扫码登录首次免费查重').waitFor();
    log('打开首页，登录弹窗自动出现');

    await submitWrongPassword(page, USER.username, 'Wrong-password-1');
    assert.equal(await storedToken(page), null);
    log('错误密码：服务器答“用户名或密码错误”，没有令牌');

    const loginCall = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/base/login_api/f/login');
    const shownId = await loginWithPassword(page, USER.username, USER.password);
    const sent = await loginCall;
    assert.equal(new URL(sent.url()).search, '', '登录请求的地址里不应有查询串');
    assert.deepEqual(sent.postDataJSON(), USER);
    const token = await storedToken(page);
    assert.ok(token, '登录后没有保存令牌');
    const current = await server.api<{ id: string; loginName: string }>('POST', '/api/base/login_api/current', { token });
    assert.equal(current.loginName, USER.username);
    assert.equal(shownId, current.id);
    log(`正确密码（放在请求体中，地址里没有密码）：登录为 ${current.loginName}，显示 ID: ${shownId}`);

    await page.reload();
    await page.getByTestId('user-id').waitFor();
    assert.equal(await page.getByTestId('user-id').innerText(), `ID: ${current.id}`);
    assert.equal(await overlay.isVisible(), false);
    log('刷新后仍保持登录');

    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await assert.rejects(server.api('POST', '/api/base/login_api/current', { token }), /401/);
    log('退出登录：服务器已吊销旧令牌（401）');
  },
};
