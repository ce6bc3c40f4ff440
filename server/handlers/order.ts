import { listLedger } from '../services/billing/ledger-list';
import type { AppContext } from '../context';
import { packageTypesForSale } from '../services/orders/for-sale';
import { type OrderView, confirmSandboxPayment, createOrder, listOrders, loadOrder } from '../services/orders/orders';
import { syncOrderOf } from '../services/orders/sync';
import { getPackage, listPackages, packageView } from '../services/orders/packages';
import { pageOf } from '../services/paging';
import { chargeQuote } from '../services/quotes/charge-quote';
import { isPayChannelOpen, requirePayChannel } from '../services/payments/channels';
import { capabilities } from '../services/system/capabilities';
import type { HandlerGroup } from './types';

type OrderOperations =
  | 'productPackageQueryList'
  | 'productPackageLoadById'
  | 'orderInfoCreateOrder'
  | 'orderInfoLoadById'
  | 'orderInfoQueryList'
  | 'orderInfoSync'
  | 'orderInfoSandboxNotify'
  | 'accountInfoLedger'
  | 'accountInfoChargeQuote';

/** A pending order carries its way to pay again (while its channel is open), so the account centre can continue paying it. */
const payable = (app: AppContext, order: OrderView) => {
  const open = order.status === 'pending' && isPayChannelOpen(app.config, order.payChannel);
  return {
    ...order,
    payUrl: open && order.payChannel === 'sandbox' ? app.payments.sandbox.payUrl(order.id) : null,
    qrCode: open ? order.qrCode : null,
  };
};

export const orderHandlers: HandlerGroup<OrderOperations> = {
  productPackageQueryList: ({ app, query, body }) =>
    listPackages(app.db, pageOf(query), packageTypesForSale(capabilities(app)), body?.type),
  productPackageLoadById: async ({ app, query }) => packageView(app.db, await getPackage(app.db, query.id)),
  orderInfoCreateOrder: ({ app, user, body }) => {
    requirePayChannel(app.config, body.payChannel);
    const provider = app.payments[body.payChannel];
    if (!provider) throw new Error(`channel ${body.payChannel} is open but has no provider`);
    return createOrder(app, provider, user.id, body.packageId, capabilities(app));
  },
  orderInfoLoadById: async ({ app, user, query }) => payable(app, await loadOrder(app, user.id, query.id)),
  orderInfoQueryList: async ({ app, user, query, body }) => {
    const page = await listOrders(app, user.id, pageOf(query), body?.status);
    return { ...page, records: page.records.map((order) => payable(app, order)) };
  },
  orderInfoSync: async ({ app, user, query }) => payable(app, await syncOrderOf(app, app.payments, app.log, user.id, query.id)),
  orderInfoSandboxNotify: async ({ app, body }) =>
    payable(app, await confirmSandboxPayment(app, app.payments.sandbox, body.orderId, body.token)),
  accountInfoLedger: ({ app, user, query }) => listLedger(app.db, user.id, pageOf(query)),
  accountInfoChargeQuote: ({ app, user, body }) => chargeQuote(app, user.id, body),
};
