import { useSelector } from '@tanstack/react-store';
import { lazy, Suspense, useState } from 'react';
import { appStore } from '@/stores/app';
import { sessionStore } from '@/stores/session';

const LoginOverlay = lazy(() => import('./login-overlay').then((module) => ({ default: module.LoginOverlay })));

/**
 * The login overlay, its code (the dialog, the QR code, the forms) loaded only once it is needed: on load
 * without a token (when the overlay opens by itself) or when 登录 opens it. A signed-in student's first
 * page does not wait for it. Once loaded it stays mounted, so it opens and closes as before.
 */
export function DeferredLoginOverlay() {
  const open = useSelector(appStore, (state) => state.loginOpen);
  const [needed, setNeeded] = useState(() => open || !sessionStore.state.token);
  if (open && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <LoginOverlay />
    </Suspense>
  );
}
