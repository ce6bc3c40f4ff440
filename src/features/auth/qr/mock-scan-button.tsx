import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { loginQrConfirm } from '@/api/gen/auth/auth';

// Where this browser, playing the phone, keeps the device key the (mocked) server issued it last time.
const DEVICE_KEY = 'moyan-mock-device';

/** Development only: confirms the QR session as a phone would, through the mobile confirmation call. */
export function MockScanButton({ qrCode }: { qrCode: string }) {
  const [done, setDone] = useState(false);
  const confirm = async () => {
    const scanToken = new URL(qrCode, window.location.origin).pathname.split('/').filter(Boolean).at(-1) ?? '';
    const deviceKey = localStorage.getItem(DEVICE_KEY) ?? undefined;
    const state = await loginQrConfirm({ scanToken, deviceKey });
    if (state.deviceKey) localStorage.setItem(DEVICE_KEY, state.deviceKey);
    setDone(true);
  };
  return (
    <Button size="xs" variant="surface" colorPalette="orange" disabled={done} onClick={() => void confirm().catch(() => undefined)}>
      {done ? '已确认，等待登录…' : '模拟扫码'}
    </Button>
  );
}
