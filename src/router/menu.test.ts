import { type AnyRoute, createRootRoute, createRoute } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/query-client';
import { createAppRouter } from '@/router';
import { buildMenu, flattenMenu, searchablePages } from './menu';
import { hasPermission } from './meta';
import { createRouteSearch } from './route-search';

const appRoutes = () => Object.values(createAppRouter({ queryClient: createQueryClient() }).routesById) as AnyRoute[];

describe('hasPermission', () => {
  it('gives admin everything and keeps routes without roles for anyone', () => {
    expect(hasPermission(['admin'], { title: 'x', roles: ['editor'] })).toBe(true);
    expect(hasPermission(['visitor'], { title: 'x' })).toBe(true);
    expect(hasPermission(['visitor'], undefined)).toBe(true);
  });

  it('keeps a route with roles only when the user has one of them', () => {
    expect(hasPermission(['editor'], { title: 'x', roles: ['editor', 'admin'] })).toBe(true);
    expect(hasPermission(['visitor'], { title: 'x', roles: ['editor'] })).toBe(false);
  });
});

describe('buildMenu', () => {
  it('lists the visible sections of the app in order and leaves hidden routes out', () => {
    const menu = buildMenu(appRoutes(), ['admin']);
    const titles = menu.map((node) => node.title);
    expect(titles.slice(0, 4)).toEqual(['首页', '论文查重', '论文写作', '论文生成']);
    expect(titles).not.toContain('AIGC检测');
    const paths = flattenMenu(menu).map((item) => item.path);
    expect(paths).toContain('/aipaper/list');
    expect(paths).not.toContain('/paper/report');
    expect(paths).not.toContain('/aippt/ppttype/$id');
    const writing = menu.find((node) => node.title === '论文写作');
    expect(writing?.children.map((child) => child.path)).toEqual(['/aipaper/gc', '/aipaper/list']);
  });

  it('names the 降AI痕迹 screen once: /aigcdown/machine is the same screen under the same name, not a second item', () => {
    const titles = flattenMenu(buildMenu(appRoutes(), ['admin'])).map((item) => item.title);
    expect(titles.filter((title) => title.includes('降AI痕迹'))).toEqual(['降AI痕迹 > 降AI痕迹', '降AI痕迹 > 降AI记录']);
    expect(titles.filter((title) => title.includes('降AIGC'))).toEqual([]);
    const aigcLower = appRoutes().filter((route) => ['/aiaigc/jc', '/aigcdown/machine'].includes(route.fullPath));
    expect(aigcLower.map((route) => route.options.staticData?.meta?.title)).toEqual(['降AI痕迹', '降AI痕迹']);
  });

  it('filters by roles and shows a one-page section as that page', () => {
    const root = createRootRoute();
    const app = createRoute({ getParentRoute: () => root, id: '_app' });
    const staff = createRoute({ getParentRoute: () => app, path: 'staff', staticData: { meta: { title: '内部', roles: ['editor'] } } });
    const staffPage = createRoute({ getParentRoute: () => staff, path: 'tools', staticData: { meta: { title: '工具' } } });
    const help = createRoute({ getParentRoute: () => app, path: 'help', staticData: { meta: { title: '帮助', icon: 'chat' } } });
    const helpPage = createRoute({ getParentRoute: () => help, path: 'faq', staticData: { meta: { title: '常见问题' } } });
    root.addChildren([app.addChildren([staff.addChildren([staffPage]), help.addChildren([helpPage])])]);
    const routes = [root, app, staff, staffPage, help, helpPage] as unknown as AnyRoute[];
    routes.forEach((route, index) => route.init(index));

    expect(buildMenu(routes, ['visitor'])).toEqual([{ path: '/help/faq', title: '常见问题', icon: 'chat', children: [] }]);
    expect(buildMenu(routes, ['editor']).map((node) => node.title)).toEqual(['常见问题', '工具']);
  });
});

describe('route search', () => {
  const pages = searchablePages(appRoutes(), ['admin']);
  const search = createRouteSearch(pages);

  it('finds pages by title and by path', () => {
    expect(search('论文记录')[0].path).toBe('/aipaper/list');
    expect(search('taocan')[0].path).toBe('/order/taocan');
  });

  it('finds the hidden pages a student uses, which the sidebar leaves out', () => {
    const sidebar = flattenMenu(buildMenu(appRoutes(), ['admin'])).map((item) => item.path);
    for (const [query, path] of [
      ['对话', '/gpt'],
      ['智能降重', '/nlp/machine'],
      ['AIGC检测', '/aigccheck/check'],
      ['检测记录', '/aigccheck/list'],
      ['智能降重记录', '/machine/list'],
      ['查重记录', '/paper/report'],
      ['gpt', '/gpt'],
      ['nlp', '/nlp/machine'],
    ]) {
      expect(sidebar).not.toContain(path);
      expect(search(query).map((item) => item.path).slice(0, 2), query).toContain(path);
    }
    expect(pages).toContainEqual({ title: 'AIGC检测 > 提交检测', path: '/aigccheck/check' });
  });

  it('leaves out what cannot be opened by itself: a record’s detail, the status pages, the redirect', () => {
    const paths = pages.map((item) => item.path);
    expect(paths.filter((path) => path.includes('$'))).toEqual([]);
    for (const path of ['/401', '/404', '/paper/submit', '/redirect']) expect(paths).not.toContain(path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('returns nothing for an empty query or an unrelated one', () => {
    expect(search('  ')).toEqual([]);
    expect(search('zzzzqqq')).toEqual([]);
  });
});
