// `npx tsx e2e/workbench-mock-shots.ts`: the 改写工作台 on the mocked app (npm run dev's data) at 1440 and 375/390 px:
// an edit re-checked, 换个说法 opened, the model's 换个说法 asked through the charge confirmation, screenshots, and axe-core (no serious or critical violation).
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { inFreshPage, launchBrowser } from './browser';
import { seriousViolations } from './flows/axe-walk';
import { loginWithPassword } from './login';
import { serveMockApp } from './serve-mock-app';

const artifacts = fileURLToPath(new URL('./artifacts', import.meta.url));
const app = await serveMockApp();
const browser = await launchBrowser();
const failures: string[] = [];
try {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
    { width: 375, height: 812 },
  ]) {
    await inFreshPage(browser, { viewport, failureShot: `${artifacts}/failure-workbench-mock-${viewport.width}.png` }, async (page) => {
      page.on('console', (message) => message.type() === 'error' && console.log(`  console: ${message.text()}`));
      await page.goto(`${app.url}/papercheck/check`);
      await loginWithPassword(page, 'xm_01', 'Moyan2026!');
      await page.goto(`${app.url}/papercheck/workbench/1`);
      await page.getByTestId('estimated-ratio').waitFor();
      failures.push(...(await seriousViolations(page, `/papercheck/workbench/1 @ ${viewport.width}px`)));
      const red = page.locator('[data-mark="red"]').first();
      const paragraph = await red.evaluate((el) => el.closest('[data-testid^="paragraph-"]')?.getAttribute('data-testid')?.replace('paragraph-', ''));
      await page.getByRole('button', { name: `修改第 ${Number(paragraph) + 1} 段` }).click();
      const box = page.getByLabel(`第 ${Number(paragraph) + 1} 段的文字`);
      await box.fill(`${await box.inputValue()}本文在此基础上补充了自己的调查。`.replace(/^[^。]+。/, '本段第一句由学生改写为自己的话。'));
      await page.locator(`[data-testid="paragraph-${paragraph}"]:not([data-pending])`).waitFor();
      await page.getByRole('button', { name: `完成第 ${Number(paragraph) + 1} 段` }).click();
      await page.locator('[data-mark="red"]').first().click();
      await page.getByRole('button', { name: '换个说法（免费）' }).click();
      await page.getByTestId('suggestion').first().waitFor();
      failures.push(...(await seriousViolations(page, `换个说法 @ ${viewport.width}px`)));
      await page.screenshot({ path: `${artifacts}/workbench-mock-${viewport.width}.png`, fullPage: viewport.width > 400 });
      // 用大模型换个说法 asks through the shared charge confirmation; 取消 leaves it unpaid.
      await page.getByRole('button', { name: /^用大模型换个说法/ }).click();
      const confirm = page.getByTestId('charge-confirm');
      await confirm.getByTestId('charge-summary').waitFor();
      await confirm.getByText(/自动退回余额/).waitFor();
      failures.push(...(await seriousViolations(page, `用大模型换个说法的扣费确认 @ ${viewport.width}px`)));
      await page.screenshot({ path: `${artifacts}/workbench-mock-model-confirm-${viewport.width}.png` });
      await confirm.getByRole('button', { name: '取消' }).click();
      await confirm.waitFor({ state: 'detached' });
      console.log(`  ✓ 改写工作台（模拟数据）@ ${viewport.width}px`);
    });
  }
} finally {
  await browser.close();
  await app.close();
}
assert.deepEqual(failures, [], failures.join('\n'));
