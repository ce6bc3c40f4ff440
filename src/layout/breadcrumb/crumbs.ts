import type { StaticDataRouteOption } from '@tanstack/react-router';

export type Crumb = { title: string; path?: string };

const ROOT_CRUMB: Crumb = { title: '首页', path: '/home' };

/**
 * vue-element-admin's breadcrumb: the matched routes that have a title, rooted at Dashboard (首页).
 * Only the root links; sections have no page of their own and the last crumb is the current page.
 */
export function buildCrumbs(matches: ReadonlyArray<{ staticData?: StaticDataRouteOption }>): Crumb[] {
  const titled = matches.map((match) => match.staticData?.meta?.title).filter((title): title is string => Boolean(title));
  const crumbs: Crumb[] = [ROOT_CRUMB];
  for (const title of titled) {
    if (crumbs[crumbs.length - 1].title !== title) crumbs.push({ title });
  }
  return crumbs;
}
