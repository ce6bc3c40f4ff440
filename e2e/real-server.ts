// The e2e flows against the real server (not MSW), run by e2e/run.ts after the mocked-mode walk.
// One server (e2e/server.ts) serves every flow; each flow names the password users it needs (created
// with the CLI before the server starts) and gets a fresh browser context. Add a flow to FLOWS.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { accountRecoveryFlow } from './account-recovery';
import { aigcFlow } from './aigc-flow';
import { aigcLowerFlow } from './aigc-lower-flow';
import { apiDocsFlow } from './api-docs';
import { chatFlow } from './chat-flow';
import { failureText, inFreshPage } from './browser';
import { guardCharges } from './charge-guard';
import { checkFlow } from './check-flow';
import { checkMobileFlow } from './check-mobile';
import { orderPurchaseFlow } from './order-purchase';
import { pptFlow } from './ppt-flow';
import { passwordLoginFlow } from './real-login';
import { paperFlow } from './paper-flow';
import { rewriteDocxFlow } from './rewrite-docx-flow';
import { rewriteFlow } from './rewrite-flow';
import { workbenchFlow } from './workbench-flow';
import { type RealServer, type RealUser, startRealServer } from './server';

export type RealFlowContext = {
  page: Page;
  browser: Browser;
  server: RealServer;
  /** Folder for screenshots (e2e/artifacts). */
  artifacts: string;
  log: (step: string) => void;
};

export type RealFlow = {
  name: string;
  users?: RealUser[];
  viewport?: { width: number; height: number };
  run: (context: RealFlowContext) => Promise<void>;
};

// checkMobileFlow needs the reference library still empty: it runs before checkFlow adds to it.
const FLOWS: RealFlow[] = [passwordLoginFlow, orderPurchaseFlow, checkMobileFlow, checkFlow, accountRecoveryFlow, apiDocsFlow, chatFlow, aigcFlow, rewriteFlow, rewriteDocxFlow, aigcLowerFlow, pptFlow, paperFlow, workbenchFlow];

const DESKTOP = { width: 1440, height: 900 };

const slug = (index: number) => `real-${index + 1}`;

/** Runs every flow; resolves to false when any failed (each failure is printed with a screenshot). */
export async function runRealServerFlows(browser: Browser, artifacts: string, only?: string): Promise<boolean> {
  mkdirSync(artifacts, { recursive: true });
  const flows = only ? FLOWS.filter((flow) => flow.name.includes(only)) : FLOWS;
  console.log('\n构建生产模式应用并启动真实服务器 …');
  // Every flow's browser and "phone" reach the server from 127.0.0.1, so the per-address free-check and
  // sign-up limits (tested on their own in server/handlers/free-check-limit.test.ts and signup-limits.test.ts)
  // would count them all as one network.
  const server = await startRealServer({
    users: flows.flatMap((flow) => flow.users ?? []),
    env: { FREE_CHECKS_PER_IP_PER_DAY: '50', SIGNUPS_PER_ADDRESS_PER_HOUR: '50', SIGNUPS_PER_ADDRESS_PER_DAY: '50' },
    // The chat flow's answers come from the fake model, streamed for real.
    fakeLlm: true,
  });
  console.log(`真实服务器：${server.url}`);
  let passed = true;
  const charged = new Set<string>();
  try {
    for (const [index, flow] of flows.entries()) {
      console.log(`\n— ${flow.name} —`);
      const shot = `${artifacts}/failure-${slug(index)}.png`;
      try {
        await inFreshPage(browser, { viewport: flow.viewport ?? DESKTOP, failureShot: shot }, async (page) => {
          const guard = await guardCharges(page);
          await flow.run({ page, browser, server, artifacts, log: (step) => console.log(`  ✓ ${step}`) });
          guard.check();
          for (const { operation } of guard.charges) charged.add(operation);
        });
      } catch (error) {
        passed = false;
        console.error(`  ✗ ${failureText(error)}`);
        console.error(`  截图：${shot}\n  服务器输出：\n${server.output().slice(-4000)}`);
      }
    }
  } finally {
    await server.stop();
  }
  console.log(`\n扣费前都显示了价格的扣费调用：${[...charged].sort().join('、') || '无'}`);
  return passed;
}
