import { yuanToFen } from '../amounts';
import { type BillLine, ProviderError } from '../provider';

// 交易账单 (bill_type=ALL): a header line, one line per payment or refund whose every field starts with a
// backtick (so spreadsheets keep long numbers), then a summary header and summary line. Amounts are yuan.

const COLUMNS = ['微信订单号', '商户订单号', '交易状态', '订单金额', '商户退款单号', '退款金额'] as const;

export function parseTradeBill(text: string): BillLine[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = lines[0]?.split(',') ?? [];
  const at = Object.fromEntries(COLUMNS.map((name) => [name, header.indexOf(name)])) as Record<(typeof COLUMNS)[number], number>;
  const missing = COLUMNS.filter((name) => at[name] < 0);
  if (missing.length > 0) throw new ProviderError('wechat', `微信支付账单缺少列：${missing.join('、')}`);
  const result: BillLine[] = [];
  for (const line of lines.slice(1)) {
    // The detail ends where the summary header (a line without the backtick) begins.
    if (!line.startsWith('`')) break;
    const fields = line.slice(1).split(',`');
    const state = fields[at.交易状态];
    // SUCCESS: a payment; REFUND: a refund of one; REVOKED and the like moved no money.
    if (state !== 'SUCCESS' && state !== 'REFUND') continue;
    const refund = state === 'REFUND';
    const amount = yuanToFen(fields[refund ? at.退款金额 : at.订单金额] ?? '');
    if (amount === null) throw new ProviderError('wechat', `微信支付账单金额无法读取：${line.slice(0, 80)}`);
    result.push({
      kind: refund ? 'refund' : 'payment',
      orderNo: fields[at.商户订单号],
      tradeNo: fields[at.微信订单号],
      refundNo: refund ? fields[at.商户退款单号] || null : null,
      amountFen: Math.abs(amount),
    });
  }
  return result;
}
