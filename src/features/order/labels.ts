import type { LedgerKind, PackageType, PayChannel } from '@/api/gen/model';
import { formatYuan } from '@/lib/number';

export const PACKAGE_TYPE_LABELS: Record<PackageType, string> = {
  check: '查重',
  rewrite: '降重',
  aigc: '降AIGC',
  paper: 'AI论文',
  ppt: 'AI PPT',
  recharge: '充值',
};

/** The sandbox is labelled wherever it shows: it takes no real money. */
export const PAY_CHANNEL_LABELS: Record<PayChannel, string> = {
  wechat: '微信支付',
  alipay: '支付宝',
  sandbox: '沙箱支付',
};

/** Each channel's own colour (WeChat Pay green, Alipay blue), as students know them from their phones. */
export const PAY_CHANNEL_COLORS: Record<PayChannel, string> = {
  wechat: '#07C160',
  alipay: '#1677FF',
  sandbox: '#DD6B20',
};

/** The app that scans a channel's code. */
export const PAY_CHANNEL_APPS: Record<Exclude<PayChannel, 'sandbox'>, string> = {
  wechat: '微信',
  alipay: '支付宝',
};

export const LEDGER_KIND: Record<LedgerKind, { label: string; palette: string }> = {
  recharge: { label: '充值', palette: 'green' },
  charge: { label: '扣费', palette: 'orange' },
  refund: { label: '退款', palette: 'blue' },
  grant: { label: '赠送', palette: 'purple' },
  reversal: { label: '冲正', palette: 'red' },
  deduction: { label: '扣减', palette: 'gray' },
};

/** Ledger amounts with their sign: 5200 -> `+¥52.00`, -300 -> `-¥3.00`. */
export const signedYuan = (fen: number) => `${fen < 0 ? '-' : '+'}${formatYuan(Math.abs(fen))}`;
