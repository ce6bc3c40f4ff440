import { faker } from '@faker-js/faker/locale/zh_CN';
import type { LedgerEntry, Order, Package } from '@/api/gen/model';
import type { MockUser } from './auth-state';
import { currentCapabilities } from './capabilities';

/** The server's seeded packages (ids, prices and credits as in server/db/migrations). */
export const PACKAGES: Package[] = [
  { id: 'pkg-check', name: '查重套餐', type: 'check', priceFen: 2990, originalPriceFen: null, creditFen: 3500, description: '约可查重 3.5 万字（每千字 1 元）', features: ['余额可用于全部服务'], sort: 10, recommended: false },
  { id: 'pkg-rewrite', name: '降重套餐', type: 'rewrite', priceFen: 4990, originalPriceFen: null, creditFen: 6000, description: '约可用大模型降重 2 万字（每千字 3 元）', features: ['离线引擎改写每千字 1.5 元', '改写后自动复查'], sort: 20, recommended: true },
  { id: 'pkg-aigc', name: '降AIGC套餐', type: 'aigc', priceFen: 4990, originalPriceFen: null, creditFen: 6000, description: '约可用大模型降 AIGC 2 万字（每千字 3 元）', features: ['降低后自动复测'], sort: 30, recommended: false },
  { id: 'pkg-paper', name: 'AI论文套餐', type: 'paper', priceFen: 9900, originalPriceFen: null, creditFen: 12000, description: '约可生成 12 篇 1 万字论文（每篇 9.9 元起）', features: ['大纲可编辑', '导出 Word 文档'], sort: 40, recommended: false },
  { id: 'pkg-ppt', name: 'AI PPT套餐', type: 'ppt', priceFen: 1990, originalPriceFen: null, creditFen: 2400, description: '约可生成 2 份演示文稿（每份 9.9 元）', features: ['多套模板', '导出 PPTX'], sort: 50, recommended: false },
  { id: 'pkg-recharge-1000', name: '充值 10 元', type: 'recharge', priceFen: 1000, originalPriceFen: null, creditFen: 1000, description: '', features: [], sort: 100, recommended: false },
  { id: 'pkg-recharge-3000', name: '充值 30 元', type: 'recharge', priceFen: 3000, originalPriceFen: null, creditFen: 3000, description: '', features: [], sort: 110, recommended: false },
  { id: 'pkg-recharge-5000', name: '充值 50 元', type: 'recharge', priceFen: 5000, originalPriceFen: null, creditFen: 5200, description: '', features: [], sort: 120, recommended: true },
  { id: 'pkg-recharge-10000', name: '充值 100 元', type: 'recharge', priceFen: 10000, originalPriceFen: null, creditFen: 10800, description: '', features: [], sort: 130, recommended: false },
  { id: 'pkg-recharge-20000', name: '充值 200 元', type: 'recharge', priceFen: 20000, originalPriceFen: null, creditFen: 22000, description: '', features: [], sort: 140, recommended: false },
];

const ORDER_TTL_MS = 30 * 60 * 1000;
export const MAX_PENDING_ORDERS = 10;

export type MockOrder = Omit<Order, 'payUrl'> & { owner: MockUser; payToken: string };
type MockLedgerEntry = LedgerEntry & { userId: string };

const state = { orders: [] as MockOrder[], ledger: [] as MockLedgerEntry[] };

export function resetOrderState(): void {
  state.orders = [];
  state.ledger = [];
}

export const payUrlOf = (order: MockOrder) => `/pay/sandbox/${order.id}?token=${order.payToken}`;

/** The order as the contract shows it: a pending order carries its pay link while its channel is open. */
export function orderView(order: MockOrder): Order {
  const { owner: _owner, payToken: _payToken, ...fields } = order;
  const payable = order.status === 'pending' && currentCapabilities().payment.channels.includes(order.payChannel);
  return { ...fields, payUrl: payable ? payUrlOf(order) : null };
}

/** Unpaid orders close after 30 minutes, as on the server. */
function closeExpired(now = Date.now()): void {
  for (const order of state.orders) if (order.status === 'pending' && Date.parse(order.expiresAt) <= now) order.status = 'closed';
}

export function ordersOf(user: MockUser): MockOrder[] {
  closeExpired();
  return state.orders.filter((order) => order.owner.id === user.id);
}

export function findOrder(id: string): MockOrder | undefined {
  closeExpired();
  return state.orders.find((order) => order.id === id);
}

export function createOrder(user: MockUser, pkg: Package): MockOrder {
  const now = new Date();
  const order: MockOrder = {
    id: faker.string.alphanumeric({ length: 26, casing: 'upper' }),
    orderNo: `MY${now.toISOString().replace(/\D/g, '').slice(0, 14)}${faker.string.numeric(6)}`,
    packageId: pkg.id,
    packageName: pkg.name,
    packageType: pkg.type,
    amountFen: pkg.priceFen,
    creditFen: pkg.creditFen,
    status: 'pending',
    payChannel: 'sandbox',
    paidAt: null,
    expiresAt: new Date(now.getTime() + ORDER_TTL_MS).toISOString(),
    createdAt: now.toISOString(),
    owner: user,
    payToken: faker.string.alphanumeric(43),
  };
  state.orders.unshift(order);
  return order;
}

/** Marks a pending order paid and credits its owner once, through a ledger entry. */
export function payOrder(order: MockOrder): void {
  if (order.status !== 'pending') return;
  order.status = 'paid';
  order.paidAt = new Date().toISOString();
  order.owner.balanceFen += order.creditFen;
  state.ledger.unshift({
    id: faker.string.alphanumeric(12),
    userId: order.owner.id,
    kind: 'recharge',
    amountFen: order.creditFen,
    balanceAfterFen: order.owner.balanceFen,
    orderId: order.id,
    taskId: null,
    note: `${order.packageName}（订单 ${order.orderNo}）`,
    createdAt: order.paidAt,
  });
}

/** A service's charge: the balance goes down by `amountFen` (0 for the free check), with its ledger entry. */
export function recordCharge(user: MockUser, amountFen: number, note: string, taskId: string): void {
  user.balanceFen -= amountFen;
  state.ledger.unshift({
    id: faker.string.alphanumeric(12),
    userId: user.id,
    kind: 'charge',
    amountFen: -amountFen || 0,
    balanceAfterFen: user.balanceFen,
    orderId: null,
    taskId,
    note,
    createdAt: new Date().toISOString(),
  });
}

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

/**
 * Every new account of the seeded mocked server has a short history: two paid orders (ids 1 and 2), one
 * left unpaid until it closed (id 3), and what the balance paid for since, which used it up: the balance
 * is back at zero, as a new account's is.
 */
export function seedAccountHistory(user: MockUser): void {
  const history: Array<{ id: string; pkg: string; status: MockOrder['status']; days: number }> = [
    { id: '3', pkg: 'pkg-rewrite', status: 'closed', days: 1 },
    { id: '2', pkg: 'pkg-recharge-5000', status: 'paid', days: 3 },
    { id: '1', pkg: 'pkg-check', status: 'paid', days: 6 },
  ];
  const orders = history.map(({ id, pkg, status, days }): MockOrder => {
    const bought = PACKAGES.find((item) => item.id === pkg)!;
    const createdAt = daysAgo(days);
    return {
      id,
      orderNo: `MY${createdAt.replace(/\D/g, '').slice(0, 14)}${user.id.padStart(6, '0')}`,
      packageId: bought.id,
      packageName: bought.name,
      packageType: bought.type,
      amountFen: bought.priceFen,
      creditFen: bought.creditFen,
      status,
      payChannel: 'sandbox',
      paidAt: status === 'paid' ? new Date(Date.parse(createdAt) + 60_000).toISOString() : null,
      expiresAt: new Date(Date.parse(createdAt) + ORDER_TTL_MS).toISOString(),
      createdAt,
      owner: user,
      payToken: `seeded-${user.id}-${id}`,
    };
  });
  const [, second, first] = orders;
  const moves: Array<Omit<LedgerEntry, 'id' | 'balanceAfterFen'>> = [
    { kind: 'recharge', amountFen: first.creditFen, orderId: first.id, taskId: null, note: `${first.packageName}（订单 ${first.orderNo}）`, createdAt: first.paidAt! },
    { kind: 'charge', amountFen: -300, orderId: null, taskId: '1', note: '论文查重（每千字 1 元，最低 3 元）', createdAt: daysAgo(5) },
    { kind: 'recharge', amountFen: second.creditFen, orderId: second.id, taskId: null, note: `${second.packageName}（订单 ${second.orderNo}）`, createdAt: second.paidAt! },
    { kind: 'charge', amountFen: -2100, orderId: null, taskId: '1', note: '论文降重（7 千字，每千字 3 元）', createdAt: daysAgo(2) },
    { kind: 'charge', amountFen: -6300, orderId: null, taskId: '1', note: 'AI论文写作（2.1 万字，每千字 3 元）', createdAt: daysAgo(1) },
  ];
  let balance = 0;
  const entries = moves.map((move, index) => {
    balance += move.amountFen;
    return { ...move, id: `${user.id}-${index + 1}`, userId: user.id, balanceAfterFen: balance };
  });
  state.orders.push(...orders);
  state.ledger.push(...entries.reverse());
  user.balanceFen = balance;
}

export function ledgerOf(user: MockUser): LedgerEntry[] {
  return state.ledger.filter((entry) => entry.userId === user.id).map(({ userId: _userId, ...entry }) => entry);
}
