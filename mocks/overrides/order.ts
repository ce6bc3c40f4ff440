import { http } from 'msw';
import type { CreateOrderBody, OrderStatus, PackageType, PayChannel } from '@/api/gen/model';
import { badRequest, fail, notFound, ok } from '../envelope';
import { currentCapabilities, onSale } from './capabilities';
import { MAX_PENDING_ORDERS, PACKAGES, createOrder, findOrder, findOrderNo, ledgerOf, orderView, ordersOf, payOrder } from './order-state';
import { idOf, pageOf, readBody, withUser } from './request';

const PAY_CHANNELS: PayChannel[] = ['wechat', 'alipay', 'sandbox'];

const paymentUnavailable = () => fail(403, 'PAYMENT_UNAVAILABLE', '暂未开通在线支付，请联系管理员充值');

/** Packages, orders, payment (mocked WeChat Pay and Alipay codes, the sandbox) and the ledger, kept per signed-in user as the server keeps them. */
export const orderOverrides = [
  http.post('*/api/base/product_package_api/query_list', withUser(async (request) => {
    const { type } = await readBody<{ type: PackageType }>(request);
    return ok(pageOf(request)(PACKAGES.filter((pkg) => onSale(pkg.type) && (!type || pkg.type === type))));
  })),

  http.post('*/api/base/product_package_api/load_by_id', withUser((request) => {
    const pkg = PACKAGES.find((item) => item.id === idOf(request));
    return pkg ? ok(pkg) : notFound();
  })),

  http.post('*/api/order/order_info_api/create_order', withUser(async (request, user) => {
    const body = await readBody<CreateOrderBody>(request);
    if (!body.packageId) return badRequest('请求参数不正确：packageId 不能为空');
    const channel = PAY_CHANNELS.find((item) => item === body.payChannel);
    if (!channel) return badRequest('请求参数不正确：payChannel 应为以下值之一：wechat、alipay、sandbox');
    if (!currentCapabilities().payment.channels.includes(channel)) return paymentUnavailable();
    const pkg = PACKAGES.find((item) => item.id === body.packageId);
    if (!pkg) return notFound();
    if (!onSale(pkg.type)) return fail(409, 'PACKAGE_UNAVAILABLE', '该套餐暂不出售：该功能正在建设中');
    if (ordersOf(user).filter((order) => order.status === 'pending').length >= MAX_PENDING_ORDERS) {
      return fail(409, 'TOO_MANY_PENDING_ORDERS', '待支付订单过多，请先完成或等待已有订单关闭');
    }
    const { id, orderNo, status, amountFen, payChannel, payUrl, qrCode, expiresAt } = orderView(createOrder(user, pkg, channel));
    return ok({ id, orderNo, status, amountFen, payChannel, payUrl, qrCode, expiresAt });
  })),

  http.post('*/api/order/order_info_api/load_by_id', withUser((request, user) => {
    const order = ordersOf(user).find((item) => item.id === idOf(request));
    return order ? ok(orderView(order)) : notFound();
  })),

  http.post('*/api/order/order_info_api/query_list', withUser(async (request, user) => {
    const { status } = await readBody<{ status: OrderStatus }>(request);
    const orders = ordersOf(user).filter((order) => !status || order.status === status);
    return ok(pageOf(request)(orders.map(orderView)));
  })),

  // The mocked channels answer what they were told by the mocked payer (below): the order as it stands.
  http.post('*/api/order/order_info_api/sync', withUser((request, user) => {
    const order = ordersOf(user).find((item) => item.id === idOf(request));
    return order ? ok(orderView(order)) : notFound();
  })),

  // Development only (not in the contract): the mocked WeChat Pay / Alipay payer scans and pays (模拟扫码付款).
  http.post('*/_mock/pay/:orderNo', ({ params }) => {
    const order = findOrderNo(String(params.orderNo));
    if (!order || order.payChannel === 'sandbox') return notFound();
    payOrder(order);
    return ok(orderView(order));
  }),

  http.post('*/api/order/order_info_api/f/sandbox_notify', async ({ request }) => {
    const body = await readBody<{ orderId: string; token: string }>(request);
    if (!body.orderId || !body.token) return badRequest('请求参数不正确：orderId 和 token 不能为空');
    if (!currentCapabilities().payment.channels.includes('sandbox')) return paymentUnavailable();
    const order = findOrder(body.orderId);
    if (!order) return notFound();
    if (order.payToken !== body.token) return fail(403, 'BAD_PAYMENT_TOKEN', '支付凭证无效');
    if (order.status === 'refunded') return fail(409, 'ORDER_REFUNDED', '订单已退款，请重新下单');
    if (order.status === 'closed') return fail(409, 'ORDER_CLOSED', '订单已超时关闭，请重新下单');
    payOrder(order);
    return ok(orderView(order));
  }),

  http.post('*/api/base/account_info_api/ledger', withUser((request, user) => ok({ ...pageOf(request)(ledgerOf(user)), balanceFen: user.balanceFen }))),
];
