import { act, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it } from 'vitest';
import { appStore } from '@/stores/app';
import { errorLogStore, logError } from '@/stores/error-log';
import { AppProviders } from '@/app';
import { createQueryClient } from '@/query-client';
import { chooseMenuItem } from '@/test/choose-menu-item';
import { renderApp, signIn } from '@/test/render-app';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ErrorLogButton } from './tools/error-log-button';
import { setupMockServer } from '@/test/mock-server';

setupMockServer();

function resizeTo(width: number) {
  act(() => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    window.dispatchEvent(new Event('resize'));
  });
}

afterEach(() => resizeTo(1024));

describe('layout chrome', () => {
  it('on a phone only the top bars stay fixed: breadcrumb and tags scroll with the page; on a desktop they stick below the header', async () => {
    await signIn();
    renderApp('/aipaper/list');
    const bars = await screen.findByTestId('page-bars');
    expect(getComputedStyle(bars).position).toBe('sticky');
    resizeTo(390);
    await waitFor(() => expect(getComputedStyle(screen.getByTestId('page-bars')).position).toBe('relative'));
  });

  it('roots the breadcrumb at 首页 and follows the route meta', async () => {
    await signIn();
    renderApp('/aipaper/list');
    const crumbs = await screen.findByRole('navigation', { name: '面包屑' });
    await waitFor(() => expect(within(crumbs).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['首页', '论文写作', '论文记录']));
    expect(within(crumbs).getByRole('link', { name: '首页' })).toHaveAttribute('href', '/home');
  });

  it('keeps the sidebar state in a cookie as 1 or 0', async () => {
    await signIn();
    const { user } = renderApp('/papercheck/check');
    const sidebar = await screen.findByTestId('sidebar');
    expect(sidebar).not.toHaveAttribute('data-collapsed');
    await user.click(screen.getByRole('button', { name: '切换侧边栏' }));
    expect(Cookies.get('sidebarStatus')).toBe('0');
    expect(screen.getByTestId('sidebar')).toHaveAttribute('data-collapsed');
    await user.click(screen.getByRole('button', { name: '切换侧边栏' }));
    expect(Cookies.get('sidebarStatus')).toBe('1');
    Cookies.set('sidebarStatus', '0');
    appStore.actions.reload();
    expect(appStore.state.sidebar.opened).toBe(false);
  });

  it('turns to mobile mode below 992 px and closes the sidebar', async () => {
    await signIn();
    renderApp('/papercheck/check');
    await screen.findByTestId('sidebar');
    resizeTo(991);
    expect(appStore.state.device).toBe('mobile');
    expect(appStore.state.sidebar).toEqual({ opened: false, withoutAnimation: true });
    await waitFor(() => expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument());
    expect(screen.getByRole('navigation', { name: '主导航' })).toBeInTheDocument();
    resizeTo(992);
    expect(appStore.state.device).toBe('desktop');
  });

  it('switches the size, says so and keeps it in a cookie', async () => {
    await signIn();
    const { user } = renderApp('/papercheck/check');
    expect(appStore.state.size).toBe('medium');
    await user.click(await screen.findByRole('button', { name: '布局大小' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['默认', '中等', '小', '迷你']);
    await chooseMenuItem(user, within(menu).getByRole('menuitem', { name: '迷你' }));
    expect(await screen.findByText('Switch Size Success')).toBeInTheDocument();
    expect(Cookies.get('size')).toBe('mini');
    await waitFor(() => expect(document.documentElement.style.fontSize).toBe('13px'));
  });

  it('warns when the browser cannot go full screen', async () => {
    await signIn();
    const { user } = renderApp('/papercheck/check');
    await user.click(await screen.findByRole('button', { name: '全屏' }));
    expect(await screen.findByText('you browser can not work')).toBeInTheDocument();
  });

  it('finds pages with the route search', async () => {
    await signIn();
    const { user, router } = renderApp('/papercheck/check');
    await user.click(await screen.findByRole('button', { name: '搜索页面' }));
    await user.type(screen.getByRole('textbox', { name: '搜索页面' }), '购买套餐');
    expect(within(await screen.findByRole('listbox', { name: '搜索结果' })).getAllByRole('option')[0]).toHaveTextContent('我的账户 > 购买套餐');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/taocan'));
  });
});

describe('error log', () => {
  it('lists the captured errors with err, vm, info and url when enabled', async () => {
    logError(new Error('页面渲染失败'), 'CheckPage', 'render error');
    const user = userEvent.setup();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <ErrorLogButton enabled />
      </AppProviders>,
    );
    await user.click(screen.getByRole('button', { name: '错误日志' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('页面渲染失败')).toBeInTheDocument();
    expect(within(dialog).getByText('来源：CheckPage')).toBeInTheDocument();
    expect(within(dialog).getByText('说明：render error')).toBeInTheDocument();
    expect(within(dialog).getByText(`地址：${window.location.href}`)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '清空日志' }));
    expect(errorLogStore.state.logs).toEqual([]);
  });

  it('stays hidden while empty, and always when disabled', () => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <ErrorLogButton enabled={false} />
        <ErrorLogButton enabled />
      </AppProviders>,
    );
    expect(screen.queryByRole('button', { name: '错误日志' })).not.toBeInTheDocument();
    act(() => logError(new Error('x'), 'vm', 'info'));
    expect(screen.getAllByRole('button', { name: '错误日志' })).toHaveLength(1);
  });
});
