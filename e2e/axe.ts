// npm run test:e2e runs this walk too; `npx tsx e2e/axe.ts` runs it alone (the mocked app at 1440 and 375 px).
import { fileURLToPath } from 'node:url';
import { failureText, launchBrowser } from './browser';
import { axeWalk } from './flows/axe-walk';
import { serveMockApp } from './serve-mock-app';

const artifacts = fileURLToPath(new URL('./artifacts', import.meta.url));
const app = await serveMockApp();
const browser = await launchBrowser();
let failed = false;
try {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 375, height: 812 },
  ]) {
    try {
      await axeWalk(browser, { baseUrl: app.url, ...viewport, artifacts, log: (step) => console.log(`  ✓ ${step}`) });
    } catch (error) {
      failed = true;
      console.error(`  ✗ ${failureText(error)}`);
    }
  }
} finally {
  await browser.close();
  await app.close();
}
process.exit(failed ? 1 : 0);
