// axe-core on every screen of the mocked app (issue 15): each route of the route tree signed in, plus the
// login page and the login overlay signed out, at the width given (e2e/run.ts runs 1440 and 375 px). A
// serious or critical violation of axe's default rules (WCAG 2.0-2.2 A/AA and best practices, not the
// experimental ones) fails the walk, listed with the rule, the route and the first elements.
import assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { inFreshPage } from '../browser';
import { loginWithPassword } from '../login';
import { settled, specRoutes } from './mock-data-walk';

type AxeOptions = { baseUrl: string; width: number; height: number; artifacts: string; log: (step: string) => void };

const USERNAME = 'xm_01';

/** The serious and critical violations on the page as it is now, one line each. */
export async function seriousViolations(page: Page, where: string): Promise<string[]> {
  // Colours measured mid fade-in are neither the start nor the end state: wait for the finite animations to end.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity), undefined, { timeout: 10_000 });
  const { violations } = await new AxeBuilder({ page }).analyze();
  if (process.env.AXE_DUMP) {
    const { appendFileSync } = await import('node:fs');
    for (const violation of violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'))
      for (const node of violation.nodes) appendFileSync(process.env.AXE_DUMP, `${JSON.stringify({ where, id: violation.id, html: node.html.slice(0, 300), summary: node.failureSummary })}\n`);
  }
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => {
      const targets = violation.nodes.slice(0, 3).map((node) => node.target.join(' '));
      return `${where} [${violation.impact}] ${violation.id}: ${violation.help} (${violation.nodes.length}: ${targets.join(' | ')})`;
    });
}

export async function axeWalk(browser: Browser, { baseUrl, width, height, artifacts, log }: AxeOptions): Promise<void> {
  const failures: string[] = [];
  await inFreshPage(browser, { viewport: { width, height }, failureShot: `${artifacts}/failure-axe-${width}.png` }, async (page) => {
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: '登录', exact: true }).first().waitFor();
    failures.push(...(await seriousViolations(page, '/login（未登录）')));

    await page.goto(`${baseUrl}/papercheck/check`);
    await page.getByRole('dialog').waitFor();
    failures.push(...(await seriousViolations(page, '登录弹窗')));
    await loginWithPassword(page, USERNAME, 'Moyan2026!');

    const routes = specRoutes();
    for (const route of routes) {
      await page.evaluate((path) => {
        window.history.pushState(null, '', path);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, route);
      await settled(page);
      // Away from whatever the last click left the pointer over: a hovered row is not how the page shows.
      await page.mouse.move(0, 0);
      failures.push(...(await seriousViolations(page, route)));
    }
    log(`axe-core：${routes.length + 2} 个页面 @ ${width}px，严重（serious/critical）问题 ${failures.length} 个`);
  });
  assert.deepEqual(failures, [], `axe-core 发现严重的无障碍问题 @ ${width}px：\n${failures.join('\n')}`);
}
