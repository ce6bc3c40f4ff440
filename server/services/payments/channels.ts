import type { Config } from '../../config';
import { AppError } from '../../errors';
import type { PayChannel } from './provider';

export const NO_PAYMENT_CHANNEL = '暂未开通在线支付，请联系管理员充值';

export type PaymentChannelConfig = Pick<Config, 'PAYMENT_SANDBOX' | 'WECHATPAY_MCH_ID' | 'ALIPAY_APP_ID'>;

/**
 * The channels the operator opened, in the order the pay page offers them: WeChat Pay and Alipay once
 * their merchant settings are complete (server/config.ts refuses half of them), the sandbox only with
 * PAYMENT_SANDBOX.
 */
export function openPayChannels(config: PaymentChannelConfig): PayChannel[] {
  const open: PayChannel[] = [];
  if (config.WECHATPAY_MCH_ID) open.push('wechat');
  if (config.ALIPAY_APP_ID) open.push('alipay');
  if (config.PAYMENT_SANDBOX) open.push('sandbox');
  return open;
}

export function isPayChannelOpen(config: PaymentChannelConfig, channel: PayChannel): boolean {
  return openPayChannels(config).includes(channel);
}

/** Orders, notifications and pay pages of a closed channel are refused before anything is read or stored. */
export function requirePayChannel(config: PaymentChannelConfig, channel: PayChannel): void {
  if (!isPayChannelOpen(config, channel)) throw new AppError(403, 'PAYMENT_UNAVAILABLE', NO_PAYMENT_CHANNEL);
}
