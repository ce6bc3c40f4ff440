import { type ReactNode, useState } from 'react';
import { ChargeConfirmDialog, type ChargeConfirmProps } from './charge-confirm-dialog';

type Asked = Omit<ChargeConfirmProps, 'onClose'>;

/**
 * `ask` opens the confirmation for one charging call; `dialog` is rendered by the screen. The call is made only
 * from the dialog's 确认支付.
 */
export function useChargeConfirm(): { ask: (asked: Asked) => void; dialog: ReactNode; asking: boolean } {
  const [asked, setAsked] = useState<Asked | null>(null);
  const dialog = asked ? <ChargeConfirmDialog {...asked} onClose={() => setAsked(null)} /> : null;
  return { ask: setAsked, dialog, asking: asked !== null };
}
