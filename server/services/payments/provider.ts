/** A payment channel. The sandbox is the only one today; real channels implement the same two calls. */
export interface PaymentProvider {
  readonly channel: 'sandbox';
  /** Where the buyer goes to pay this order. */
  payUrl(orderId: string): string;
  /** Whether a payment notification for this order carries this provider's valid signature. */
  verifyNotification(orderId: string, token: string): boolean;
}
