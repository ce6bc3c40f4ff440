import { lazy, Suspense, useSyncExternalStore } from 'react';

// The toast machinery (the toast group, its dismiss and focus handling) is about 8 kB gzip that no page needs
// before its first message: notify loads it then, and Toaster mounts the group at that moment. A toast
// created while the module loads is kept by the toaster's store and shown when the group mounts.
const loadView = () => import('./toaster-view');
const ToasterView = lazy(() => loadView().then((module) => ({ default: module.ToasterView })));

let requested = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const MESSAGE_DURATION_MS = 2000;
type ToastType = 'success' | 'info' | 'warning' | 'error';

function show(type: ToastType, title: string) {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  void loadView().then(({ toaster }) => toaster.create({ type, title, duration: MESSAGE_DURATION_MS }));
}

export const notify = {
  success: (title: string) => show('success', title),
  info: (title: string) => show('info', title),
  warning: (title: string) => show('warning', title),
  error: (title: string) => show('error', title),
};

export function Toaster() {
  const mounted = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  );
}
