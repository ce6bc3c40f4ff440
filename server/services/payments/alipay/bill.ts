import { yuanToFen } from '../amounts';
import { type BillLine, ProviderError } from '../provider';

// 业务明细 (bill_type=trade): a CSV in GBK inside a zip; lines starting with # are titles and totals; the
// header names the columns; 业务类型 is 交易 (a payment) or 退款 (a refund, its 商家实收 negative).

const COLUMNS = ['支付宝交易号', '商户订单号', '业务类型', '订单金额（元）', '商家实收（元）', '退款批次号/请求号'] as const;

export function parseTradeDetails(text: string): BillLine[] {
  const rows = text
    .split(/\r?\n/)
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => line.split(',').map((field) => field.trim()));
  const header = rows[0] ?? [];
  const at = Object.fromEntries(COLUMNS.map((name) => [name, header.indexOf(name)])) as Record<(typeof COLUMNS)[number], number>;
  const missing = COLUMNS.filter((name) => at[name] < 0);
  if (missing.length > 0) throw new ProviderError('alipay', `支付宝账单缺少列：${missing.join('、')}`);
  return rows.slice(1).flatMap((fields): BillLine[] => {
    const type = fields[at.业务类型];
    if (type !== '交易' && type !== '退款') return [];
    const refund = type === '退款';
    const amount = yuanToFen(fields[refund ? at['商家实收（元）'] : at['订单金额（元）']] ?? '');
    if (amount === null) throw new ProviderError('alipay', `支付宝账单金额无法读取：${fields.join(',').slice(0, 80)}`);
    return [
      {
        kind: refund ? 'refund' : 'payment',
        orderNo: fields[at.商户订单号],
        tradeNo: fields[at.支付宝交易号],
        refundNo: refund ? fields[at['退款批次号/请求号']] || null : null,
        amountFen: Math.abs(amount),
      },
    ];
  });
}
