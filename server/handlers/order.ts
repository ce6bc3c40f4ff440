import { listLedger } from '../services/billing/ledger-list';
import type { AppContext } from '../context';
import { type OrderView, confirmPayment, createOrder, listOrders, loadOrder } from '../services/orders/orders';
import { getPackage, listPackages, packageView } from '../services/orders/packages';
import { pageOf } from '../services/paging';
import type { HandlerGroup } from './types';

type OrderOperations =
  | 'productPackageQueryList'
  | 'productPackageLoadById'
  | 'orderInfoCreateOrder'
  | 'orderInfoLoadById'
  | 'orderInfoQueryList'
  | 'orderInfoSandboxNotify'
  | 'accountInfoLedger';

/** A pending order carries its pay link again, so the account centre can continue paying it. */
const payable = (app: AppContext, order: OrderView) => ({
  ...order,
  payUrl: order.status === 'pending' ? app.payments[order.payChannel].payUrl(order.id) : null,
});

export const orderHandlers: HandlerGroup<OrderOperations> = {
  productPackageQueryList: ({ app, query, body }) => listPackages(app.db, pageOf(query), body?.type),
  productPackageLoadById: async ({ app, query }) => packageView(await getPackage(app.db, query.id)),
  orderInfoCreateOrder: ({ app, user, body }) => createOrder(app, app.payments[body.payChannel], user.id, body.packageId),
  orderInfoLoadById: async ({ app, user, query }) => payable(app, await loadOrder(app, user.id, query.id)),
  orderInfoQueryList: async ({ app, user, query, body }) => {
    const page = await listOrders(app, user.id, pageOf(query), body?.status);
    return { ...page, records: page.records.map((order) => payable(app, order)) };
  },
  orderInfoSandboxNotify: async ({ app, body }) =>
    payable(app, await confirmPayment(app, app.payments.sandbox, body.orderId, body.token)),
  accountInfoLedger: ({ app, user, query }) => listLedger(app.db, user.id, pageOf(query)),
};
