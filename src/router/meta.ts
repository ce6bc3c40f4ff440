import type { IconName } from '@/components/route-icon';

/** The one meta record of a route (vue-element-admin's meta), kept in TanStack `staticData`. */
export type RouteMeta = {
  title: string;
  icon?: IconName;
  /** Pinned in the tags-view, cannot be closed. */
  affix?: boolean;
  /** Left out of the sidebar; the route search still finds it (router/menu.ts searchablePages). */
  hidden?: boolean;
  /** false: not even the route search finds it (the status pages). */
  searchable?: boolean;
  /** Kept when the user has any of them; no roles means everyone. */
  roles?: string[];
  /** The spec's named routes (aippttype). */
  name?: string;
};

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    meta?: RouteMeta;
    /** Resolved before the access guard, as a router-level redirect is. */
    redirect?: string;
  }
}

const PRODUCT_TITLE = '墨研';

export function pageTitle(title?: string): string {
  return title ? `${PRODUCT_TITLE} - ${title}` : PRODUCT_TITLE;
}

/** Role admin gets every route; otherwise a route is kept if it has no roles or shares one. */
export function hasPermission(roles: readonly string[], meta?: RouteMeta): boolean {
  if (roles.includes('admin')) return true;
  if (!meta?.roles?.length) return true;
  return meta.roles.some((role) => roles.includes(role));
}
