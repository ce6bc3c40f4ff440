import { setupWorker } from 'msw/browser';
import { handlers, resetMockState } from './handlers';
import { keepChatIn } from './overrides/chat';
import type { MockData } from './overrides/data-mode';

/** Where the chosen data stays across reloads and navigation (`?mock=empty`, back with `?mock=seeded`). */
export const MOCK_DATA_KEY = 'moyan.mock';

function chosenData(): MockData {
  const asked = new URLSearchParams(window.location.search).get('mock');
  if (asked === 'empty' || asked === 'seeded') localStorage.setItem(MOCK_DATA_KEY, asked);
  return localStorage.getItem(MOCK_DATA_KEY) === 'empty' ? 'empty' : 'seeded';
}

resetMockState({ data: chosenData() });
keepChatIn(sessionStorage);

export const worker = setupWorker(...handlers);
