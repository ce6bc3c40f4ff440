import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { alipayProvider } from './alipay/provider';
import { alipaySettings } from './alipay/settings';
import type { NotifyingProvider, PayChannel, PaymentProvider } from './provider';
import { type SandboxProvider, sandboxProvider, sandboxSecret } from './sandbox';
import { wechatPayProvider } from './wechat/provider';
import { wechatPaySettings } from './wechat/settings';

/** Every channel this process can talk to; a real channel only when its merchant settings are complete. */
export interface PaymentProviders {
  sandbox: SandboxProvider;
  wechat: NotifyingProvider | null;
  alipay: NotifyingProvider | null;
}

/** Built once per process at start: key files are read (and a bad one stops the start) here. */
export async function paymentProviders(db: Executor, config: Config): Promise<PaymentProviders> {
  const wechat = wechatPaySettings(config);
  const alipay = alipaySettings(config);
  return {
    sandbox: sandboxProvider(await sandboxSecret(db, config.PAYMENT_SECRET)),
    wechat: wechat && wechatPayProvider(wechat),
    alipay: alipay && alipayProvider(alipay),
  };
}

export function providerFor(providers: PaymentProviders, channel: PayChannel): PaymentProvider | null {
  return providers[channel];
}
