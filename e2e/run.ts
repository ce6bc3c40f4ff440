// npm run test:e2e — builds the app in fully mocked mode, serves it, and walks the acceptance flows in
// real Chromium at desktop (1440 px) and mobile (375 px) widths, opens every route with its mocked data
// (e2e/flows/mock-data-walk.ts), runs axe-core on every screen at both widths (e2e/flows/axe-walk.ts),
// then runs the flows against the real server (e2e/real-server.ts).
// Screenshots go to e2e/artifacts/.
import { fileURLToPath } from 'node:url';
import { failureText, launchBrowser } from './browser';
import { appShellFlow } from './flows/app-shell';
import { axeWalk } from './flows/axe-walk';
import { mockDataWalk } from './flows/mock-data-walk';
import { runRealServerFlows } from './real-server';
import { serveMockApp } from './serve-mock-app';

const artifacts = fileURLToPath(new URL('./artifacts', import.meta.url));
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
];

const app = await serveMockApp();
console.log(`模拟模式应用：${app.url}`);
const browser = await launchBrowser();
let failed = false;
try {
  for (const viewport of VIEWPORTS) {
    console.log(`\n— 应用外壳 @ ${viewport.width}px —`);
    try {
      await appShellFlow(browser, { baseUrl: app.url, ...viewport, artifacts, log: (step) => console.log(`  ✓ ${step}`) });
    } catch (error) {
      failed = true;
      console.error(`  ✗ ${failureText(error)}`);
    }
  }
  for (const viewport of VIEWPORTS) {
    console.log(`\n— axe-core 无障碍检查 @ ${viewport.width}px —`);
    try {
      await axeWalk(browser, { baseUrl: app.url, ...viewport, artifacts, log: (step) => console.log(`  ✓ ${step}`) });
    } catch (error) {
      failed = true;
      console.error(`  ✗ ${failureText(error)}`);
    }
  }
  console.log('\n— 模拟数据：逐个打开全部路由 @ 1440px —');
  try {
    await mockDataWalk(browser, { baseUrl: app.url, artifacts, log: (step) => console.log(`  ✓ ${step}`) });
  } catch (error) {
    failed = true;
    console.error(`  ✗ ${failureText(error)}`);
  }
  const realPassed = await runRealServerFlows(browser, artifacts).catch((error: unknown) => {
    console.error(`  ✗ ${failureText(error)}`);
    return false;
  });
  if (!realPassed) failed = true;
} finally {
  await browser.close();
  await app.close();
}
console.log(failed ? '\n端到端测试失败' : '\n端到端测试全部通过');
process.exit(failed ? 1 : 0);
