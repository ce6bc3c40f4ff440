import { useEffect } from 'react';
import { ERROR_LOG_ENABLED, logError } from '@/stores/error-log';

/** Production builds keep uncaught errors for the error-log dialog. */
export function ErrorListener() {
  useEffect(() => {
    if (!ERROR_LOG_ENABLED) return;
    const onError = (event: ErrorEvent) => logError(event.error ?? event.message, event.filename || 'window', 'window.onerror');
    const onRejection = (event: PromiseRejectionEvent) => logError(event.reason, 'promise', 'unhandledrejection');
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);
  return null;
}
