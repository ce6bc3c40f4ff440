import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_KEY } from '@/api/http';
import { chooseMenuItem } from '@/test/choose-menu-item';
import { renderApp, signIn } from '@/test/render-app';
import { NAV_TABS } from './active-tab';
import { setupMockServer } from '@/test/mock-server';

setupMockServer();

async function dismissOverlay(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: '先看看,一会再说' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

describe('top navigation', () => {
  it('shows the six tabs with their targets, the logo to home and a sign-in button', async () => {
    const { user } = renderApp('/papercheck/check');
    await dismissOverlay(user);
    const nav = screen.getByRole('navigation', { name: '主导航' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(NAV_TABS.map((tab) => [tab.label, tab.to]));
    expect(screen.getByRole('link', { name: '墨研首页' })).toHaveAttribute('href', '/home');
    expect(screen.getByRole('button', { name: '登录' })).toBeInTheDocument();
  });

  it('moves the active tab with the path', async () => {
    const { user, router } = renderApp('/paper/report');
    await dismissOverlay(user);
    const nav = screen.getByRole('navigation', { name: '主导航' });
    const active = () => within(nav).getByRole('link', { current: 'page' }).textContent;
    expect(active()).toBe('论文查重');
    await user.click(within(nav).getByRole('link', { name: '论文降重' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/aimachine/machine'));
    expect(active()).toBe('论文降重');
    await router.navigate({ to: '/paperwirte/report' });
    await waitFor(() => expect(active()).toBe('论文写作'));
    await router.navigate({ to: '/aigcdown/machine' });
    await waitFor(() => expect(active()).toBe('降AI痕迹'));
  });

  it.each([
    ['账户中心', '/order/account'],
    ['购买套餐', '/order/taocan'],
  ])('shows the user ID with a menu whose %s goes to %s', async (item, path) => {
    await signIn('wangwu');
    const { user, router } = renderApp('/papercheck/check');
    await user.click(await screen.findByRole('button', { name: /^用户菜单/ }));
    expect(screen.getByTestId('user-id')).toHaveTextContent('ID: 10001');
    await chooseMenuItem(user, await screen.findByRole('menuitem', { name: item }));
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
  });

  it('signs out to /login with the full current path as redirect', async () => {
    await signIn();
    const { user, router } = renderApp('/papercheck/check?from=nav');
    await user.click(await screen.findByRole('button', { name: /^用户菜单/ }));
    await chooseMenuItem(user, await screen.findByRole('menuitem', { name: '退出登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/papercheck/check?from=nav' });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});
