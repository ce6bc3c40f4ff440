import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tagsStore } from '@/stores/tags';
import { chooseMenuItem } from '@/test/choose-menu-item';
import { renderApp, signIn } from '@/test/render-app';
import { recordRequests } from '@/test/request-log';
import { setupMockServer } from '@/test/mock-server';

setupMockServer();

const bar = () => screen.getByLabelText('已访问页面');
const tagTitles = () => within(bar()).getAllByRole('link').map((tag) => tag.textContent);

async function visit(router: ReturnType<typeof renderApp>['router'], ...paths: string[]) {
  await screen.findByRole('heading', { name: '论文查重', level: 1 });
  for (const path of paths) {
    await router.navigate({ href: path });
    await waitFor(() => expect(within(bar()).getByRole('link', { current: 'page' })).toBeInTheDocument());
  }
}

async function openTagMenu(title: string) {
  const tag = within(bar()).getByText(title).closest<HTMLElement>('[data-tag]')!;
  fireEvent.contextMenu(tag);
  return screen.findByRole('menu');
}

describe('tags-view', () => {
  it('pins the affix home tag and adds every visited page once', async () => {
    await signIn();
    const { router } = renderApp('/papercheck/check');
    await visit(router, '/aipaper/gc', '/papercheck/check', '/order/account');
    expect(tagTitles()).toEqual(['首页', '论文查重', 'AI论文写作', '账户中心']);
    expect(within(bar()).queryByRole('button', { name: '关闭 首页' })).not.toBeInTheDocument();
    expect(within(bar()).getByRole('link', { current: 'page' })).toHaveTextContent('账户中心');
  });

  it('closes a tag; closing the active one goes to the last visited page', async () => {
    await signIn();
    const { router, user } = renderApp('/papercheck/check');
    await visit(router, '/aipaper/gc', '/order/account');
    await user.click(within(bar()).getByRole('button', { name: '关闭 论文查重' }));
    expect(tagTitles()).toEqual(['首页', 'AI论文写作', '账户中心']);
    expect(router.state.location.pathname).toBe('/order/account');
    await user.click(within(bar()).getByRole('button', { name: '关闭 账户中心' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/aipaper/gc'));
    expect(tagTitles()).toEqual(['首页', 'AI论文写作']);
  });

  it('offers Refresh, Close, Close Others and Close All in a 105 px context menu', async () => {
    await signIn();
    const { router } = renderApp('/papercheck/check');
    await visit(router, '/aipaper/gc');
    const menu = await openTagMenu('论文查重');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['刷新', '关闭', '关闭其他', '关闭所有']);
    expect(menu).toHaveStyle({ width: '105px' });
  });

  it('has no Close item for the affix tag', async () => {
    await signIn();
    renderApp('/papercheck/check');
    await screen.findByRole('heading', { name: '论文查重', level: 1 });
    const menu = await openTagMenu('首页');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['刷新', '关闭其他', '关闭所有']);
  });

  it('Close Others keeps the affix and the chosen tag and opens it', async () => {
    await signIn();
    const { router, user } = renderApp('/papercheck/check');
    await visit(router, '/aipaper/gc', '/order/account');
    const menu = await openTagMenu('AI论文写作');
    await chooseMenuItem(user, within(menu).getByRole('menuitem', { name: '关闭其他' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/aipaper/gc'));
    expect(tagTitles()).toEqual(['首页', 'AI论文写作']);
  });

  it('Close All keeps only the affix tag and goes there', async () => {
    await signIn();
    const { router, user } = renderApp('/papercheck/check');
    await visit(router, '/order/account');
    const menu = await openTagMenu('账户中心');
    await chooseMenuItem(user, within(menu).getByRole('menuitem', { name: '关闭所有' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(tagsStore.state.visited.map((view) => view.path)).toEqual(['/home']);
  });

  it('Refresh reloads the page through /redirect and asks the server again', async () => {
    await signIn();
    const log = recordRequests();
    const { router, user } = renderApp('/paper/report?tab=all');
    await screen.findByRole('heading', { name: '查重记录', level: 1 });
    await waitFor(() => expect(log.calls('/api/base/check_api/query_list')).toBe(1));
    const menu = await openTagMenu('查重记录');
    await chooseMenuItem(user, within(menu).getByRole('menuitem', { name: '刷新' }));
    await waitFor(() => expect(log.calls('/api/base/check_api/query_list')).toBe(2));
    expect(router.state.location.href).toBe('/paper/report?tab=all');
    log.stop();
  });
});
