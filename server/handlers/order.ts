import { listLedger } from '../services/billing/ledger-list';
import { confirmPayment, createOrder, listOrders, loadOrder } from '../services/orders/orders';
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

export const orderHandlers: HandlerGroup<OrderOperations> = {
  productPackageQueryList: ({ app, query, body }) => listPackages(app.db, pageOf(query), body?.type),
  productPackageLoadById: async ({ app, query }) => packageView(await getPackage(app.db, query.id)),
  orderInfoCreateOrder: ({ app, user, body }) => createOrder(app, app.payments[body.payChannel], user.id, body.packageId),
  orderInfoLoadById: ({ app, user, query }) => loadOrder(app, user.id, query.id),
  orderInfoQueryList: ({ app, user, query, body }) => listOrders(app, user.id, pageOf(query), body?.status),
  orderInfoSandboxNotify: ({ app, body }) => confirmPayment(app, app.payments.sandbox, body.orderId, body.token),
  accountInfoLedger: ({ app, user, query }) => listLedger(app.db, user.id, pageOf(query)),
};
