import type { Config } from '../config';
import { SERVICES } from '../services/system/capabilities';
import { type TestApp, createTestApp } from './app';
import { type FakePay, startFakePay } from './fake-pay';
import { freePort } from './process';

export interface PaymentTestApp extends TestApp {
  fake: FakePay;
  /** Where the providers call back (the app listens on loopback). */
  url: string;
}

/**
 * The real app listening on a loopback port, configured with both fake providers (server/test/fake-pay),
 * which send their notifications to it; every package on sale, the sandbox off.
 */
export async function createPaymentTestApp(overrides: Partial<Config> = {}): Promise<PaymentTestApp> {
  const fake = await startFakePay({ refundDelayMs: 200 });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t = await createTestApp(
    {
      ...(fake.env as Partial<Config>),
      PUBLIC_BASE_URL: url,
      PAYMENT_SANDBOX: false,
      LLM_BASE_URL: 'http://127.0.0.1:9/v1',
      LLM_MODEL: 'moyan-fake',
      ...overrides,
    },
    { builtServices: new Set(SERVICES) },
  );
  await t.app.listen({ host: '127.0.0.1', port });
  return {
    ...t,
    fake,
    url,
    async close() {
      await t.close();
      await fake.close();
    },
  };
}
