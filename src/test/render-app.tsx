import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TOKEN_KEY } from '@/api/http';
import { App } from '@/app';
import { createQueryClient } from '@/query-client';
import { createAppRouter } from '@/router';
import { sessionStore } from '@/stores/session';
import { callMock } from './call-mock';

/** Stores a token the mocked server knows, as a password login would. */
export async function signIn(username = 'zhangsan', password = 'Moyan2026!'): Promise<string> {
  const { body } = await callMock<{ access_token: string }>(`/api/base/login_api/f/login?username=${username}&password=${encodeURIComponent(password)}`);
  localStorage.setItem(TOKEN_KEY, body.result.access_token);
  sessionStore.actions.reload();
  return body.result.access_token;
}

/** The whole app at `path`, with a memory history, the real router, query client and MSW. */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ queryClient, history });
  const user = userEvent.setup();
  const view = render(<App queryClient={queryClient} router={router} />);
  return { ...view, router, queryClient, history, user };
}
