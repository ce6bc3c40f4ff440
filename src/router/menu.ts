import type { AnyRoute } from '@tanstack/react-router';
import type { IconName } from '@/components/route-icon';
import { hasPermission } from './meta';

export type MenuNode = { path: string; title: string; icon?: IconName; children: MenuNode[] };

const APP_LAYOUT_ID = '/_app';

/** Sidebar order of the sections; anything not listed follows in path order. */
const SECTION_ORDER = [
  '/home',
  '/papercheck',
  '/aipaper',
  '/papergc',
  '/aippt',
  '/aiaigc',
  '/aigcdown',
  '/aimachine',
  '/papermachinesubmit',
  '/cnki',
  '/airs',
  '/order',
];

function rank(path: string): number {
  const index = SECTION_ORDER.indexOf(path);
  return index === -1 ? SECTION_ORDER.length : index;
}

/** Record lists come after the screen that creates the records. */
function byListLast(a: MenuNode, b: MenuNode): number {
  const listA = a.path.endsWith('/list') ? 1 : 0;
  const listB = b.path.endsWith('/list') ? 1 : 0;
  return listA - listB || a.path.localeCompare(b.path);
}

export function trimSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/$/, '') : path;
}

/** The sidebar tree: visible routes the roles allow; a section with one visible page shows that page. */
export function buildMenu(routes: readonly AnyRoute[], roles: readonly string[]): MenuNode[] {
  const childrenOf = (id: string) => routes.filter((route) => route.parentRoute?.id === id);
  const toNode = (route: AnyRoute): MenuNode | null => {
    const meta = route.options.staticData?.meta;
    if (!meta || meta.hidden || !hasPermission(roles, meta)) return null;
    const childRoutes = childrenOf(route.id);
    const children = childRoutes.map(toNode).filter((node): node is MenuNode => node !== null).sort(byListLast);
    if (childRoutes.length > 0 && children.length === 0) return null;
    const node = { path: trimSlash(route.fullPath), title: meta.title, icon: meta.icon, children };
    if (children.length === 1) return { ...children[0], icon: children[0].icon ?? node.icon };
    return node;
  };
  return childrenOf(APP_LAYOUT_ID)
    .map((route) => ({ route, node: toNode(route) }))
    .filter((entry): entry is { route: AnyRoute; node: MenuNode } => entry.node !== null)
    .sort((a, b) => rank(trimSlash(a.route.fullPath)) - rank(trimSlash(b.route.fullPath)) || a.node.path.localeCompare(b.node.path))
    .map((entry) => entry.node);
}

export type SearchItem = { title: string; path: string };

const LAYOUT_IDS = new Set([APP_LAYOUT_ID, '/_bare']);

/**
 * What the route search finds: every page of the menu, then the hidden pages a student can open by
 * themselves (/gpt, /nlp/machine, /aigccheck/check, the record lists …): pages with a title, no path
 * parameter (a record's detail needs its record) and not marked `searchable: false` (the status pages).
 * Each is titled with its section as the menu's are: AIGC检测 > 检测记录.
 */
export function searchablePages(routes: readonly AnyRoute[], roles: readonly string[]): SearchItem[] {
  const hasPageChild = (route: AnyRoute) => routes.some((child) => child.parentRoute?.id === route.id && child.options.staticData?.meta);
  const hidden = routes.flatMap((route): SearchItem[] => {
    const meta = route.options.staticData?.meta;
    const inLayout = [...LAYOUT_IDS].some((id) => route.id.startsWith(`${id}/`));
    if (!meta?.hidden || !inLayout || meta.searchable === false || route.fullPath.includes('$') || hasPageChild(route) || !hasPermission(roles, meta)) return [];
    const parent = route.parentRoute as AnyRoute | undefined;
    const section = parent && !LAYOUT_IDS.has(parent.id) ? parent.options.staticData?.meta?.title : undefined;
    return [{ title: section && section !== meta.title ? `${section} > ${meta.title}` : meta.title, path: trimSlash(route.fullPath) }];
  });
  const menu = flattenMenu(buildMenu(routes, roles));
  return [...menu, ...hidden.filter((item) => !menu.some((shown) => shown.path === item.path))];
}

/** Every page of the menu, titled with its section: 论文写作 > 论文记录. */
export function flattenMenu(nodes: readonly MenuNode[], prefix: string[] = []): SearchItem[] {
  return nodes.flatMap((node) =>
    node.children.length
      ? flattenMenu(node.children, [...prefix, node.title])
      : [{ title: [...prefix, node.title].join(' > '), path: node.path }],
  );
}
