// The API reference of the real server in a real browser: /api/docs renders the contract in Chinese,
// its request client sends a call to this server, and the page loads nothing from any other host and
// breaks no rule of its Content-Security-Policy (the renderer gets only what it needs, on that page only).
import assert from 'node:assert/strict';
import type { RealFlow } from './real-server';

export const apiDocsFlow: RealFlow = {
  name: '接口文档 /api/docs（真实服务器）',
  async run({ page, server, artifacts, log }) {
    const origin = new URL(server.url).origin;
    const requested: string[] = [];
    const refused: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
    });

    await page.goto(`${server.url}/api/docs`);
    await page.getByRole('heading', { name: '墨研 API' }).first().waitFor();
    await page.getByText('测试请求').first().waitFor();
    log('打开 /api/docs：契约以中文渲染，无需登录');

    const answer = page.waitForResponse((response) => response.url().startsWith(`${origin}/api/base/`));
    await page.getByText('测试请求').first().click();
    await page.keyboard.press('Control+Enter');
    const response = await answer;
    assert.equal(response.status() < 500, true);
    assert.equal(((await response.json()) as { success: boolean }).success, false);
    log(`请求客户端直接调用本服务器：${new URL(response.url()).pathname} 答 ${response.status()}`);
    await page.screenshot({ path: `${artifacts}/api-docs.png` });

    const foreign = requested.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:') && !url.startsWith('blob:'));
    assert.deepEqual(foreign, [], '页面请求了其他主机');
    assert.deepEqual(refused, [], '页面违反了自己的 Content-Security-Policy');
    log(`共 ${requested.length} 个请求，全部来自本服务器；没有违反 CSP`);
  },
};
