import type { Config } from '../../config';
import { AppError } from '../../errors';
import type { PaymentProvider } from './provider';

export type PayChannel = PaymentProvider['channel'];

export const NO_PAYMENT_CHANNEL = '暂未开通在线支付，请联系管理员充值';

/** The channels the operator opened; the sandbox only with PAYMENT_SANDBOX (see server/config.ts). */
export function openPayChannels(config: Pick<Config, 'PAYMENT_SANDBOX'>): PayChannel[] {
  return config.PAYMENT_SANDBOX ? ['sandbox'] : [];
}

export function isPayChannelOpen(config: Pick<Config, 'PAYMENT_SANDBOX'>, channel: PayChannel): boolean {
  return openPayChannels(config).includes(channel);
}

/** Orders, notifications and pay pages of a closed channel are refused before anything is read or stored. */
export function requirePayChannel(config: Pick<Config, 'PAYMENT_SANDBOX'>, channel: PayChannel): void {
  if (!isPayChannelOpen(config, channel)) throw new AppError(403, 'PAYMENT_UNAVAILABLE', NO_PAYMENT_CHANNEL);
}
