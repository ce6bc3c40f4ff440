import { createStore } from '@tanstack/react-store';

/** One captured error, as the spec's error log keeps it. */
export type ErrorLogEntry = {
  err: { message: string; stack?: string };
  /** Where it happened: the component stack or the event source. */
  vm: string;
  info: string;
  url: string;
};

/** The spec enables error logging in production builds only. */
export const ERROR_LOG_ENABLED = import.meta.env.PROD;

export const errorLogStore = createStore<{ logs: ErrorLogEntry[] }, {
  add: (entry: ErrorLogEntry) => void;
  clear: () => void;
}>({ logs: [] }, ({ setState }) => ({
  add(entry) {
    setState(({ logs }) => ({ logs: [...logs, entry] }));
  },
  clear() {
    setState(() => ({ logs: [] }));
  },
}));

export function logError(error: unknown, vm: string, info: string): void {
  const err = error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error) };
  errorLogStore.actions.add({ err, vm, info, url: window.location.href });
}
