import { useCallback, useEffect, useRef, useState } from 'react';
import { loginLoginQrCode, loginValLoginQrCode } from '@/api/gen/auth/auth';
import type { QrSession } from '@/api/gen/model';
import { ApiError } from '@/api/http';

export const QR_POLL_INTERVAL_MS = 3000;

/**
 * QR login of spec section 4: a new code whenever the overlay opens or the user asks; a check every
 * 3000 ms while open and a code exists, never while the previous check is still out.
 */
export function useQrLogin({ active, onToken }: { active: boolean; onToken: (token: string) => void }) {
  const [qr, setQr] = useState<QrSession | null>(null);
  // The code the server called expired (410); a new code is not.
  const [expiredId, setExpiredId] = useState<string | null>(null);
  const checking = useRef(false);
  const onTokenRef = useRef(onToken);
  useEffect(() => {
    onTokenRef.current = onToken;
  }, [onToken]);

  // Section 8: a failed QR fetch is silently ignored.
  const refresh = useCallback(() => loginLoginQrCode().then(setQr, () => undefined), []);

  useEffect(() => {
    if (!active) return;
    let current = true;
    loginLoginQrCode().then((session) => current && setQr(session), () => undefined);
    return () => {
      current = false;
      setQr(null);
    };
  }, [active]);

  const qrId = qr?.id;
  useEffect(() => {
    if (!active || !qrId) return;
    let stopped = false;
    const timer = setInterval(async () => {
      if (checking.current) return;
      checking.current = true;
      let token: string | null = null;
      try {
        token = await loginValLoginQrCode({ query: qrId });
      } catch (error) {
        if (error instanceof ApiError && error.status === 410 && !stopped) setExpiredId(qrId);
      } finally {
        checking.current = false;
      }
      if (token && !stopped) {
        stopped = true;
        clearInterval(timer);
        onTokenRef.current(token);
      }
    }, QR_POLL_INTERVAL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [active, qrId]);

  return { qr, expired: qr !== null && qr.id === expiredId, refresh };
}
