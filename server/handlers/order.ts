import { listLedger } from '../services/billing/ledger-list';
import type { AppContext } from '../context';
import { packageTypesForSale } from '../services/orders/for-sale';
import { type OrderView, confirmPayment, createOrder, listOrders, loadOrder } from '../services/orders/orders';
import { getPackage, listPackages, packageView } from '../services/orders/packages';
import { pageOf } from '../services/paging';
import { chargeQuote } from '../services/quotes/charge-quote';
import { isPayChannelOpen } from '../services/payments/channels';
import { capabilities } from '../services/system/capabilities';
import type { HandlerGroup } from './types';

type OrderOperations =
  | 'productPackageQueryList'
  | 'productPackageLoadById'
  | 'orderInfoCreateOrder'
  | 'orderInfoLoadById'
  | 'orderInfoQueryList'
  | 'orderInfoSandboxNotify'
  | 'accountInfoLedger'
  | 'accountInfoChargeQuote';

/** A pending order carries its pay link again (while its channel is open), so the account centre can continue paying it. */
const payable = (app: AppContext, order: OrderView) => ({
  ...order,
  payUrl:
    order.status === 'pending' && isPayChannelOpen(app.config, order.payChannel)
      ? app.payments[order.payChannel].payUrl(order.id)
      : null,
});

export const orderHandlers: HandlerGroup<OrderOperations> = {
  productPackageQueryList: ({ app, query, body }) =>
    listPackages(app.db, pageOf(query), packageTypesForSale(capabilities(app)), body?.type),
  productPackageLoadById: async ({ app, query }) => packageView(app.db, await getPackage(app.db, query.id)),
  orderInfoCreateOrder: ({ app, user, body }) =>
    createOrder(app, app.payments[body.payChannel], user.id, body.packageId, capabilities(app)),
  orderInfoLoadById: async ({ app, user, query }) => payable(app, await loadOrder(app, user.id, query.id)),
  orderInfoQueryList: async ({ app, user, query, body }) => {
    const page = await listOrders(app, user.id, pageOf(query), body?.status);
    return { ...page, records: page.records.map((order) => payable(app, order)) };
  },
  orderInfoSandboxNotify: async ({ app, body }) =>
    payable(app, await confirmPayment(app, app.payments.sandbox, body.orderId, body.token)),
  accountInfoLedger: ({ app, user, query }) => listLedger(app.db, user.id, pageOf(query)),
  accountInfoChargeQuote: ({ app, user, body }) => chargeQuote(app, user.id, body),
};
