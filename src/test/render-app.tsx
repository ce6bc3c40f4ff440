import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TOKEN_KEY } from '@/api/http';
import { App } from '@/app';
import { createQueryClient } from '@/query-client';
import { createAppRouter } from '@/router';
import { sessionStore } from '@/stores/session';

/** Stores a token the mocked server knows, as a password login would. */
export async function signIn(username = 'zhangsan', password = 'Moyan2026!'): Promise<string> {
  const response = await fetch(`${window.location.origin}/api/base/login_api/f/login?username=${username}&password=${encodeURIComponent(password)}`, { method: 'POST' });
  const { result } = (await response.json()) as { result: { access_token: string } };
  localStorage.setItem(TOKEN_KEY, result.access_token);
  sessionStore.actions.reload();
  return result.access_token;
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
