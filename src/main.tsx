import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

// Written out here rather than through MOCK_MODE so that builds without mocks drop the import entirely.
const mockMode = import.meta.env.VITE_MOCK ? import.meta.env.VITE_MOCK !== 'off' : import.meta.env.MODE !== 'production';
if (mockMode) {
  const { worker } = await import('../mocks/browser');
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
}
const queryClient = createQueryClient();
const router = createAppRouter({ queryClient });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App queryClient={queryClient} router={router} />
  </StrictMode>,
);
