import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeEach } from 'vitest';
import { setApiBaseUrl } from '../api/http';
import { appStore } from '../stores/app';
import { errorLogStore } from '../stores/error-log';
import { sessionStore } from '../stores/session';
import { settingsStore } from '../stores/settings';
import { tagsStore } from '../stores/tags';

// jsdom has no layout engine; the UI library asks for these.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => undefined,
  removeListener: () => undefined,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  dispatchEvent: () => false,
})) as typeof window.matchMedia;
window.scrollTo = () => undefined;
Element.prototype.scrollTo ??= () => undefined;

// Route screens load lazily (code splitting); the first visit of each compiles on demand.
configure({ asyncUtilTimeout: 5000 });

// Node's fetch needs absolute URLs; the MSW handlers match any origin (files opt in with setupMockServer).
setApiBaseUrl(window.location.origin);

beforeEach(() => {
  sessionStore.actions.reload();
  settingsStore.actions.reload();
  appStore.actions.reload();
  tagsStore.actions.reset();
  errorLogStore.actions.clear();
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name);
});
