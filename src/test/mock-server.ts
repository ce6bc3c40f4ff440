import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { resetMockState } from '../../mocks/handlers';
import { server } from '../../mocks/node';

/** Answers the file's requests from the app's MSW handlers (overrides, then the generated ones). */
export function setupMockServer() {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => resetMockState());
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
