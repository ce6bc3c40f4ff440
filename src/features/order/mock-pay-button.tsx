import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { orderInfoSandboxNotify } from '@/api/gen/order/order';
import { payLinkConfirmation } from './pay-page';

/**
 * Development only: in fully mocked mode there is no server to serve the 沙箱支付 page, so this confirms
 * the order through the same notify call that page makes.
 */
export function MockPayButton({ payUrl }: { payUrl: string }) {
  const [done, setDone] = useState(false);
  const pay = async () => {
    await orderInfoSandboxNotify(payLinkConfirmation(payUrl));
    setDone(true);
  };
  return (
    <Button size="sm" variant="surface" colorPalette="orange" disabled={done} onClick={() => void pay().catch(() => undefined)}>
      {done ? '沙箱已模拟支付' : '沙箱模拟支付'}
    </Button>
  );
}
