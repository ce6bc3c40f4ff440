// Password login through the app's login overlay, shared by the mocked walk and the real-server flows.
import type { Page } from 'playwright-core';
import { TOKEN_KEY } from '../src/api/http';

export const storedToken = (page: Page) => page.evaluate((key) => localStorage.getItem(key), TOKEN_KEY);

/** Fills the login overlay (opening it from the top bar when it is closed) and presses 登录. */
export async function submitPassword(page: Page, username: string, password: string): Promise<void> {
  const overlay = page.getByRole('dialog');
  const signIn = page.getByRole('banner').getByRole('button', { name: '登录', exact: true });
  await overlay.or(signIn).first().waitFor();
  // The app may open the overlay by itself just after the top bar shows (a first visit): then the click cannot land.
  if (!(await overlay.isVisible())) {
    await signIn.click({ timeout: 5000 }).catch(async (error: unknown) => {
      if (!(await overlay.isVisible())) throw error;
    });
  }
  await overlay.getByLabel('用户名', { exact: true }).fill(username);
  await overlay.getByLabel('密码', { exact: true }).fill(password);
  await overlay.getByRole('button', { name: '登录', exact: true }).click();
}

/** A wrong password: the overlay stays open and shows the server's 用户名或密码错误. */
export async function submitWrongPassword(page: Page, username: string, password: string): Promise<void> {
  await submitPassword(page, username, password);
  await page.getByRole('dialog').getByRole('alert').filter({ hasText: '用户名或密码错误' }).waitFor();
}

/** Signs in and waits for the overlay to close and the user ID to show; returns the shown ID. */
export async function loginWithPassword(page: Page, username: string, password: string): Promise<string> {
  await submitPassword(page, username, password);
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  const userId = page.getByTestId('user-id');
  await userId.waitFor();
  return (await userId.innerText()).replace(/^ID:\s*/, '');
}
