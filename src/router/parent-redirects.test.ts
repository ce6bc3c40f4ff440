import type { AnyRoute } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/query-client';
import { createAppRouter } from '@/router';
import { routeLookups } from './context';
import { trimSlash } from './menu';

const router = createAppRouter({ queryClient: createQueryClient() });
const routes = Object.values(router.routesById) as AnyRoute[];
const { redirectOf } = routeLookups(() => router);

/** The deepest route a path opens, as the guard resolves it. */
const leafOf = (path: string) => router.getMatchedRoutes(path)[0].at(-1) as AnyRoute | undefined;

/** Every section of the main layout with pages under it (/aigc, /nlp, /paper …), read from the route tree. */
const sections = routes
  .filter((route) => route.parentRoute?.id === '/_app')
  .map((route) => trimSlash(route.fullPath))
  .filter((path) => routes.some((route) => trimSlash(route.fullPath).startsWith(`${path}/`)));

describe('section paths', () => {
  it('each redirect to a page of their own, as /aipaper goes to /aipaper/gc: none opens a blank layout', () => {
    expect(sections).toEqual(expect.arrayContaining(['/aigc', '/aigccheck', '/aigcdown', '/cnki', '/machine', '/nlp', '/paper', '/papergc', '/papermachine', '/papermachinesubmit', '/aipaper']));
    for (const path of sections) {
      const target = redirectOf(path);
      expect(target, `${path} 没有跳转`).toMatch(new RegExp(`^${path}/[^/$]+`));
      expect(leafOf(target!)?.options.component, `${path} 跳转到的 ${target} 没有页面`).toBeDefined();
    }
  });

  it('go to their first page', () => {
    expect(Object.fromEntries(['/aigc', '/aigccheck', '/aigcdown', '/cnki', '/machine', '/nlp', '/paper', '/papergc', '/papermachine', '/papermachinesubmit'].map((path) => [path, redirectOf(path)]))).toEqual({
      '/aigc': '/aigc/list',
      '/aigccheck': '/aigccheck/check',
      '/aigcdown': '/aigcdown/machine',
      '/cnki': '/cnki/cnki',
      '/machine': '/machine/list',
      '/nlp': '/nlp/machine',
      '/paper': '/paper/report',
      '/papergc': '/papergc/gc',
      '/papermachine': '/papermachine/list',
      '/papermachinesubmit': '/papermachinesubmit/papermachine',
    });
  });
});
