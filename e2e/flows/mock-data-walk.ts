// Every route of the spec in the fully mocked app (issue 9): signed in, each opens with its data (record 1
// for the detail routes), shows no Latin filler, no missing record, no empty list, no service gated off,
// no blank page (a section path such as /nlp must lead to a page of its own), and throws no script error.
// One page at desktop width; run by e2e/run.ts.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { latinWords } from '../../src/test/latin-filler';
import { inFreshPage } from '../browser';
import { loginWithPassword } from '../login';

type WalkOptions = { baseUrl: string; artifacts: string; log: (step: string) => void };

/** A username without Latin words, so that the page text can be held to the filler rule whole. */
const USERNAME = 'xm_01';

/** The route tree's full paths (src/routeTree.gen.ts), as a student would open them: `$id` is record 1. */
export function specRoutes(): string[] {
  const tree = readFileSync(new URL('../../src/routeTree.gen.ts', import.meta.url), 'utf8');
  const union = /fullPaths:\s*((?:\|\s*'[^']*'\s*)+)/.exec(tree)?.[1] ?? '';
  const paths = [...union.matchAll(/'([^']*)'/g)].map((match) => match[1]);
  const opened = paths
    .filter((path) => path !== '/$')
    .map((path) => path.replace(/\$(id|orderId)\b/g, '1').replace(/^\/redirect\/\$$/, '/redirect/home').replace(/(.)\/$/, '$1'));
  return [...new Set(opened)];
}

/** Waits until nothing on the page says it is still loading, twice in a row a moment apart. */
export async function settled(page: Page): Promise<void> {
  const idle = () => page.waitForFunction(() => document.querySelector('#root')?.textContent && !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 15_000 });
  await idle();
  await page.waitForTimeout(250);
  await idle();
}

/** What is wrong with the page as shown: a blank page, filler, a missing record, an empty list, a gated service. */
async function problemsOf(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  const problems = latinWords(text).map((word) => `拉丁字母填充：${word}`);
  const main = page.locator('main');
  if ((await main.count()) > 0 && !(await main.innerText()).trim()) problems.push('空白页面（main 中没有内容）');
  for (const sign of ['记录不存在', '该功能正在建设中', '该功能暂未开放', '登录后查看']) if (text.includes(sign)) problems.push(`页面显示“${sign}”`);
  const empty = await page.locator('main [class*="chakra-empty-state__root"]').allInnerTexts();
  problems.push(...empty.map((shown) => `空列表：${shown.trim().replace(/\s+/g, ' ')}`));
  return problems;
}

export async function mockDataWalk(browser: Browser, { baseUrl, artifacts, log }: WalkOptions): Promise<void> {
  await inFreshPage(browser, { viewport: { width: 1440, height: 900 }, failureShot: `${artifacts}/failure-mock-data-walk.png` }, async (page) => {
    await page.goto(`${baseUrl}/papercheck/check`);
    await loginWithPassword(page, USERNAME, 'Moyan2026!');
    const routes = specRoutes();
    const failures: string[] = [];
    for (const route of routes) {
      // Within the app, as a click on a link would: the router follows the address without a reload.
      await page.evaluate((path) => {
        window.history.pushState(null, '', path);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, route);
      await settled(page);
      const problems = await problemsOf(page);
      const landed = new URL(page.url()).pathname;
      if (problems.length) {
        failures.push(`${route}${landed === route ? '' : ` → ${landed}`}：${problems.join('；')}`);
        await page.screenshot({ path: `${artifacts}/mock-data-${route.replace(/\W+/g, '_')}.png`, fullPage: true });
      }
    }
    assert.deepEqual(failures, [], `模拟数据不像真实数据：\n${failures.join('\n')}`);
    log(`已打开全部 ${routes.length} 个路由（详情页为记录 1），均有数据，无拉丁字母填充、无空列表、无脚本错误`);
  });
}
