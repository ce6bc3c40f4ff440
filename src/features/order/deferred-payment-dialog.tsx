import { Suspense, lazy } from 'react';
import type { Payment } from './payment-dialog';

// Loaded with the first payment: the QR code and the payment follow-up are not part of the page's first load.
const PaymentDialog = lazy(() => import('./payment-dialog').then((module) => ({ default: module.PaymentDialog })));

/** The payment dialog, rendered while there is a payment to follow. */
export function DeferredPaymentDialog({ payment, onClose }: { payment: Payment | null; onClose: () => void }) {
  if (!payment) return null;
  return (
    <Suspense fallback={null}>
      <PaymentDialog payment={payment} onClose={onClose} />
    </Suspense>
  );
}
