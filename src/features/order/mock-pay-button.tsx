import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { orderInfoSandboxNotify } from '@/api/gen/order/order';
import { payLinkConfirmation } from './pay-page';

function MockButton({ label, done, pay }: { label: string; done: string; pay: () => Promise<unknown> }) {
  const [paid, setPaid] = useState(false);
  const run = async () => {
    await pay();
    setPaid(true);
  };
  return (
    <Button size="sm" variant="surface" colorPalette="orange" disabled={paid} onClick={() => void run().catch(() => undefined)}>
      {paid ? done : label}
    </Button>
  );
}

/**
 * Development only: in fully mocked mode there is no server to serve the 沙箱支付 page, so this confirms
 * the order through the same notify call that page makes.
 */
export function MockPayButton({ payUrl }: { payUrl: string }) {
  return <MockButton label="沙箱模拟支付" done="沙箱已模拟支付" pay={() => orderInfoSandboxNotify(payLinkConfirmation(payUrl))} />;
}

/** Development only: the mocked channel's payer scans and pays (mocks/overrides/order.ts answers /_mock/pay). */
export function MockScanPayButton({ orderNo }: { orderNo: string }) {
  return <MockButton label="模拟扫码付款" done="已模拟扫码付款" pay={() => fetch(`/_mock/pay/${encodeURIComponent(orderNo)}`, { method: 'POST' })} />;
}
