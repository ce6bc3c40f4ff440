import { vocab } from '../vocab';
import { type Obj, type Rule, has, minutesAfter, num } from './shape';

const CREDITED = ['recharge', 'refund', 'grant'];

/** A generated page shows what it holds: one page of at most ten records. */
function settlePage(o: Obj): void {
  o.records = (o.records as unknown[]).slice(0, 10);
  Object.assign(o, { total: (o.records as unknown[]).length, pageNo: 1, pageSize: 10 });
}

/**
 * A package credits at least what it costs; its name is its type's. No former price: a mocked instance has no
 * price history and no sales to show one from (server/services/orders/former-price.ts).
 */
function settlePackage(o: Obj): void {
  const price = num(o.priceFen);
  o.name = vocab.packageNameOf(String(o.type));
  o.originalPriceFen = null;
  o.creditFen = Math.max(price, num(o.creditFen));
}

/** Paid when paid (or later refunded), payable while pending; its package names it. */
function settleOrder(o: Obj): void {
  const paid = o.status === 'paid' || o.status === 'refunded';
  o.packageName = vocab.packageNameOf(String(o.packageType));
  o.creditFen = Math.max(num(o.amountFen), num(o.creditFen));
  if ('paidAt' in o) o.paidAt = paid ? minutesAfter(o.createdAt, 1) : null;
  if ('payUrl' in o && o.status !== 'pending') o.payUrl = null;
}

/** Money in is positive, money out negative, and the note says what it was. */
function settleLedger(o: Obj): void {
  const amount = Math.abs(num(o.amountFen)) || 100;
  o.amountFen = CREDITED.includes(String(o.kind)) ? amount : -amount;
  o.note = vocab.ledgerNoteOf(String(o.kind));
  o.orderId = o.kind === 'recharge' || o.kind === 'reversal' ? (o.orderId ?? vocab.id()) : null;
  o.taskId = o.kind === 'charge' || o.kind === 'refund' ? (o.taskId ?? vocab.id()) : null;
}

export const accountRules: Rule[] = [
  { name: 'page', applies: (o) => has(o, 'records', 'total', 'pageNo', 'pageSize') && Array.isArray(o.records), fix: settlePage },
  { name: 'package', applies: (o) => has(o, 'priceFen', 'originalPriceFen', 'creditFen', 'type'), fix: settlePackage },
  { name: 'order', applies: (o) => has(o, 'orderNo', 'status', 'packageType', 'amountFen'), fix: settleOrder },
  { name: 'ledger entry', applies: (o) => has(o, 'kind', 'amountFen', 'balanceAfterFen'), fix: settleLedger },
  { name: 'capability', applies: (o) => has(o, 'available', 'reason'), fix: (o) => (o.reason = o.available ? null : vocab.unavailable()) },
];
