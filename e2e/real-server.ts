// The e2e flows against the real server (not MSW), run by e2e/run.ts after the mocked-mode walk.
// One server (e2e/server.ts) serves every flow but those set up differently (`ownServer`, e.g. WeChat sign-in),
// which get one of their own; each flow names the password users it needs (created with the CLI before the
// server starts) and gets a fresh browser context. Add a flow to FLOWS.
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
import { orderChannelsFlow } from './order-channels';
import { orderPurchaseFlow } from './order-purchase';
import { pptFlow } from './ppt-flow';
import { passwordLoginFlow } from './real-login';
import { paperFlow } from './paper-flow';
import { rewriteDocxFlow } from './rewrite-docx-flow';
import { rewriteFlow } from './rewrite-flow';
import { wechatLoginFlow } from './wechat-login-flow';
import { workbenchFlow } from './workbench-flow';
import { type RealServer, type RealUser, type StartOptions, startRealServer } from './server';

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
  /**
   * A server of its own, set up differently from the shared one (WeChat sign-in replaces the local QR code that
   * other flows scan): started for this flow alone, with its `users` and the shared limits.
   */
  ownServer?: Omit<StartOptions, 'users'>;
  run: (context: RealFlowContext) => Promise<void>;
};

// checkMobileFlow needs the reference library still empty: it runs before checkFlow adds to it.
const FLOWS: RealFlow[] = [passwordLoginFlow, orderPurchaseFlow, orderChannelsFlow, checkMobileFlow, checkFlow, accountRecoveryFlow, apiDocsFlow, chatFlow, aigcFlow, rewriteFlow, rewriteDocxFlow, aigcLowerFlow, pptFlow, paperFlow, workbenchFlow, wechatLoginFlow];

const DESKTOP = { width: 1440, height: 900 };

const slug = (index: number) => `real-${index + 1}`;

// Every flow's browser and "phone" reach the server from 127.0.0.1, so the per-address free-check and
// sign-up limits (tested on their own in server/handlers/free-check-limit.test.ts and signup-limits.test.ts)
// would count them all as one network.
const SHARED_LIMITS = { FREE_CHECKS_PER_IP_PER_DAY: '50', SIGNUPS_PER_ADDRESS_PER_HOUR: '50', SIGNUPS_PER_ADDRESS_PER_DAY: '50' };

/** Runs every flow; resolves to false when any failed (each failure is printed with a screenshot). */
export async function runRealServerFlows(browser: Browser, artifacts: string, only?: string): Promise<boolean> {
  mkdirSync(artifacts, { recursive: true });
  const flows = only ? FLOWS.filter((flow) => flow.name.includes(only)) : FLOWS;
  const sharing = flows.filter((flow) => !flow.ownServer);
  let shared: RealServer | undefined;
  if (sharing.length > 0) {
    console.log('\n构建生产模式应用并启动真实服务器 …');
    shared = await startRealServer({
      users: sharing.flatMap((flow) => flow.users ?? []),
      env: SHARED_LIMITS,
      // The chat flow's answers come from the fake model, streamed for real; payments go through the fake providers.
      fakeLlm: true,
      fakePay: true,
    });
    console.log(`真实服务器：${shared.url}`);
  }
  let passed = true;
  const charged = new Set<string>();
  try {
    for (const [index, flow] of flows.entries()) {
      console.log(`\n— ${flow.name} —`);
      const shot = `${artifacts}/failure-${slug(index)}.png`;
      let own: RealServer | undefined;
      try {
        if (flow.ownServer) {
          console.log('  启动本流程自己的真实服务器 …');
          own = await startRealServer({ ...flow.ownServer, users: flow.users, env: { ...SHARED_LIMITS, ...flow.ownServer.env } });
          console.log(`  真实服务器：${own.url}`);
        }
        const server = own ?? shared;
        if (!server) throw new Error('没有可用的真实服务器');
        const started = Date.now();
        await inFreshPage(browser, { viewport: flow.viewport ?? DESKTOP, failureShot: shot }, async (page) => {
          const guard = await guardCharges(page);
          await flow.run({ page, browser, server, artifacts, log: (step) => console.log(`  ✓ ${step}`) });
          guard.check();
          for (const { operation } of guard.charges) charged.add(operation);
        });
        console.log(`  用时 ${((Date.now() - started) / 1000).toFixed(1)} 秒`);
      } catch (error) {
        passed = false;
        console.error(`  ✗ ${failureText(error)}`);
        console.error(`  截图：${shot}\n  服务器输出：\n${(own ?? shared)?.output().slice(-4000) ?? '（服务器没有启动）'}`);
      } finally {
        await own?.stop();
      }
    }
  } finally {
    await shared?.stop();
  }
  console.log(`\n扣费前都显示了价格的扣费调用：${[...charged].sort().join('、') || '无'}`);
  return passed;
}
