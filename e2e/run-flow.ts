// npx tsx e2e/run-flow.ts <part of a flow's name> — only the real-server flows whose name contains it,
// against a freshly built real server (the rest of npm run test:e2e skipped). Screenshots go to e2e/artifacts/.
import { fileURLToPath } from 'node:url';
import { launchBrowser } from './browser';
import { runRealServerFlows } from './real-server';

const only = process.argv[2];
if (!only) {
  console.error('用法：npx tsx e2e/run-flow.ts <流程名称的一部分>');
  process.exit(2);
}
const browser = await launchBrowser();
const passed = await runRealServerFlows(browser, fileURLToPath(new URL('./artifacts', import.meta.url)), only).finally(() => browser.close());
process.exit(passed ? 0 : 1);
