import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signIn } from '@/test/render-app';
import { setupMockServer } from '@/test/mock-server';

setupMockServer();

describe('check records screen', () => {
  it('asks a visitor to log in instead of loading records', async () => {
    const { user } = renderApp('/paper/report');
    await user.click(await screen.findByRole('button', { name: '先看看,一会再说' }));
    expect(await screen.findByText('登录后查看您的记录')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('lists the records and deletes one for the rest of the session', async () => {
    await signIn();
    const { user, unmount } = renderApp('/paper/report');
    const table = await screen.findByRole('table');
    const total = () => Number(/共 (\d+) 条/.exec(screen.getByText(/共 \d+ 条/).textContent ?? '')?.[1]);
    const before = total();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(Math.min(10, before));
    const href = within(rows[0]).getByRole('link').getAttribute('href');
    expect(href).toMatch(/^\/paper\/submit\/\w+$/);
    await user.click(within(rows[0]).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(total()).toBe(before - 1));
    const links = within(screen.getByRole('table')).getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(links).not.toContain(href);
    unmount();

    renderApp('/paper/report');
    await screen.findByRole('table');
    expect(total()).toBe(before - 1);
  });
});
