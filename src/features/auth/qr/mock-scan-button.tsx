import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { loginQrConfirm } from '@/api/gen/auth/auth';

const DEVICE_KEY = 'moyan-mock-device';

function deviceKey(): string {
  const saved = localStorage.getItem(DEVICE_KEY);
  if (saved) return saved;
  const key = `dk_${crypto.randomUUID().replaceAll('-', '')}`;
  localStorage.setItem(DEVICE_KEY, key);
  return key;
}

/** Development only: confirms the QR session as a phone would, through the mobile confirmation call. */
export function MockScanButton({ qrCode }: { qrCode: string }) {
  const [done, setDone] = useState(false);
  const confirm = async () => {
    const url = new URL(qrCode, window.location.origin);
    const id = url.pathname.split('/').filter(Boolean).at(-1) ?? '';
    const secret = url.searchParams.get('s') ?? '';
    await loginQrConfirm({ id, secret, deviceKey: deviceKey() });
    setDone(true);
  };
  return (
    <Button size="xs" variant="surface" colorPalette="orange" disabled={done} onClick={() => void confirm().catch(() => undefined)}>
      {done ? '已确认，等待登录…' : '模拟扫码'}
    </Button>
  );
}
