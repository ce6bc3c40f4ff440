// Launches the Chromium the e2e tests drive: the binary packed in @sparticuz/chromium, or a system
// Chromium named by CHROMIUM_PATH. The flags keep it from reaching for the network on a closed machine.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import chromium from '@sparticuz/chromium';
import { type Browser, type Page, chromium as playwright } from 'playwright-core';

const QUIET_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The packed Chromium brings its fonts to <tmp>/fonts but no CJK font, and reads that folder only when
 * FONTCONFIG_PATH points there; the screenshots need Chinese glyphs.
 */
function installCjkFont(): string {
  const require = createRequire(import.meta.url);
  const fonts = dirname(require.resolve('@expo-google-fonts/noto-sans-sc/package.json'));
  const target = join(tmpdir(), 'fonts', 'noto-sans-sc');
  mkdirSync(target, { recursive: true });
  for (const weight of ['400Regular', '700Bold']) {
    const file = `NotoSansSC_${weight}.ttf`;
    if (!existsSync(join(target, file))) copyFileSync(join(fonts, weight, file), join(target, file));
  }
  return dirname(target);
}

export async function launchBrowser(): Promise<Browser> {
  const systemPath = process.env.CHROMIUM_PATH;
  if (systemPath) return playwright.launch({ executablePath: systemPath, args: QUIET_FLAGS, headless: true });
  const executablePath = await chromium.executablePath();
  const env = { ...process.env, FONTCONFIG_PATH: installCjkFont() };
  // --single-process suits AWS Lambda but takes the whole browser down when a context closes.
  const args = chromium.args.filter((arg) => arg !== '--single-process');
  return playwright.launch({ executablePath, args: [...args, ...QUIET_FLAGS], headless: true, env });
}

/**
 * Runs a flow in a fresh zh-CN browser context at `viewport`. A script error on the page fails it too,
 * and a failure leaves a full-page screenshot at `failureShot`.
 */
export async function inFreshPage(
  browser: Browser,
  { viewport, failureShot }: { viewport: { width: number; height: number }; failureShot: string },
  run: (page: Page) => Promise<void>,
): Promise<void> {
  const context = await browser.newContext({ viewport, locale: 'zh-CN' });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  try {
    await run(page);
    if (pageErrors.length > 0) throw new Error(`页面脚本错误：${pageErrors.join('；')}`);
  } catch (error) {
    await page.screenshot({ path: failureShot, fullPage: true }).catch(() => undefined);
    throw error;
  } finally {
    await context.close();
  }
}

/** How a failed flow is printed. */
export const failureText = (error: unknown) => (error instanceof Error ? (error.stack ?? error.message) : String(error));
