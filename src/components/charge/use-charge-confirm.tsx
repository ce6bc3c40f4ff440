import { type ReactNode, Suspense, lazy, useState } from 'react';
import type { ChargeConfirmProps } from './charge-confirm-dialog';

// Loaded when a charge is first asked for: the dialog is not part of a service page's first load.
const ChargeConfirmDialog = lazy(() => import('./charge-confirm-dialog').then((module) => ({ default: module.ChargeConfirmDialog })));

type Asked = Omit<ChargeConfirmProps, 'onClose'>;

/**
 * `ask` opens the confirmation for one charging call; `dialog` is rendered by the screen. The call is made only
 * from the dialog's 确认支付.
 */
export function useChargeConfirm(): { ask: (asked: Asked) => void; dialog: ReactNode; asking: boolean } {
  const [asked, setAsked] = useState<Asked | null>(null);
  const dialog = asked ? (
    <Suspense fallback={null}>
      <ChargeConfirmDialog {...asked} onClose={() => setAsked(null)} />
    </Suspense>
  ) : null;
  return { ask: setAsked, dialog, asking: asked !== null };
}
