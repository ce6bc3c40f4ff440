import type { PayChannel } from '../../db/schema/orders';

export type { PayChannel };

/** What a provider is told about an order. `orderNo` is the merchant order number (out_trade_no). */
export interface ProviderOrder {
  id: string;
  orderNo: string;
  amountFen: number;
  description: string;
  expiresAt: Date;
}

/** How the buyer pays: a page to open (the sandbox) or a code to scan (WeChat Pay's code_url, Alipay's qr_code). */
export interface PaymentStart {
  payUrl: string | null;
  qrCode: string | null;
}

/** A payment the provider vouches for (a verified notification or its answer to a query). */
export interface PaidEvidence {
  orderNo: string;
  tradeNo: string;
  amountFen: number;
  paidAt: Date;
}

/** What the provider says about an order: paid, not (yet) paid, closed there, or unknown to it. */
export type PaymentState =
  | ({ state: 'paid' } & PaidEvidence)
  | { state: 'unpaid' }
  | { state: 'closed' }
  | { state: 'unknown' };

export interface RefundRequest {
  orderNo: string;
  refundNo: string;
  amountFen: number;
  totalFen: number;
  reason: string;
}

/** succeeded: the money went back; processing: the provider confirms later; declined: it will not refund (`reason`). */
export type RefundState =
  | { state: 'succeeded'; refundId: string | null }
  | { state: 'processing'; refundId: string | null }
  | { state: 'declined'; reason: string };

/** A verified notification: a payment, a refund's outcome, or something this app does not act on. */
export type ProviderNotification =
  | ({ kind: 'paid' } & PaidEvidence)
  | { kind: 'refund'; refundNo: string; refund: RefundState }
  | { kind: 'ignored'; what: string };

/** One line of a provider's daily bill: a payment or a refund, amounts in fen. */
export interface BillLine {
  kind: 'payment' | 'refund';
  orderNo: string;
  tradeNo: string;
  refundNo: string | null;
  amountFen: number;
}

/** A notification as it arrived: header names in lower case and the body exactly as sent (signatures cover it). */
export interface RawNotification {
  headers: Record<string, string | undefined>;
  body: string;
}

/** The answer a provider expects to a notification, so it stops (accepted) or retries later (refused). */
export interface NotificationAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** A payment channel. Every call may throw ProviderError (unreachable, timed out, refused, answer not signed). */
export interface PaymentProvider {
  readonly channel: PayChannel;
  /** Opens the payment at the provider. */
  start(order: ProviderOrder): Promise<PaymentStart>;
  query(orderNo: string): Promise<PaymentState>;
  /** Closes an unpaid order at the provider so it can no longer be paid. */
  close(orderNo: string): Promise<void>;
  refund(request: RefundRequest): Promise<RefundState>;
  queryRefund(request: RefundRequest): Promise<RefundState>;
  /** The provider's bill of one day (yyyy-MM-dd, China time), or null when the channel keeps none. */
  bill(date: string): Promise<BillLine[] | null>;
}

/** A provider that calls this server back: it verifies what arrives and says how to answer. */
export interface NotifyingProvider extends PaymentProvider {
  readonly channel: Exclude<PayChannel, 'sandbox'>;
  /** Throws ProviderError when the signature, the merchant or the content does not hold up. */
  parseNotification(raw: RawNotification, now: Date): Promise<ProviderNotification>;
  answer(accepted: boolean): NotificationAnswer;
}

/** A provider call that failed; `message` never carries keys, signatures or the request body. */
export class ProviderError extends Error {
  constructor(
    readonly channel: PayChannel,
    message: string,
    /** The provider's own error code, when it answered one (e.g. NOT_ENOUGH, ACQ.TRADE_NOT_EXIST). */
    readonly providerCode?: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
