// Sign-up through the app's login overlay (or the /login page), for the mocked walk and the real server.
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';

export type NewAccount = { username: string; password: string; phone?: string };

/**
 * Below 992 px the overlay leads with the password form and the sign-up link, with the QR code folded
 * beneath it; checks that order on screen.
 */
export async function assertFormLeads(overlay: Locator): Promise<void> {
  const form = overlay.getByRole('form', { name: '账号密码登录' });
  const qrTitle = overlay.getByText('微信扫码登录', { exact: true });
  const signUp = overlay.getByRole('button', { name: '注册账号' });
  await Promise.all([form.waitFor(), qrTitle.waitFor(), signUp.waitFor()]);
  const top = async (locator: Locator) => (await locator.boundingBox())?.y ?? Number.NaN;
  assert.ok((await top(form)) < (await top(qrTitle)), '窄屏上账号密码表单应在扫码登录之前');
  assert.ok((await top(signUp)) < (await top(qrTitle)), '窄屏上注册入口应在扫码登录之前');
  assert.equal(await overlay.getByAltText('微信扫码登录二维码').count(), 0, '窄屏上二维码应先收起');
  await overlay.getByRole('button', { name: '显示二维码' }).waitFor();
}

/** Opens sign-up in `container` (the overlay or the /login page), fills it and presses 注册并登录. */
export async function submitSignup(container: Locator, account: NewAccount): Promise<void> {
  await container.getByRole('button', { name: '注册账号' }).click();
  const form = container.getByRole('form', { name: '注册账号' });
  await form.getByLabel('用户名', { exact: true }).fill(account.username);
  await form.getByLabel('密码', { exact: true }).fill(account.password);
  await form.getByLabel('确认密码', { exact: true }).fill(account.password);
  if (account.phone) await form.getByLabel('手机号（选填）', { exact: true }).fill(account.phone);
  await form.getByRole('button', { name: '注册并登录' }).click();
}

/** Signs up in the login overlay and waits for it to close and the new user's ID to show; returns the ID. */
export async function signUpInOverlay(page: Page, account: NewAccount): Promise<string> {
  const overlay = page.getByRole('dialog');
  await submitSignup(overlay, account);
  await overlay.waitFor({ state: 'hidden' });
  const userId = page.getByTestId('user-id');
  await userId.waitFor();
  return (await userId.innerText()).replace(/^ID:\s*/, '');
}
