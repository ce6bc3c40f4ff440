import type { AnyRoute } from '@tanstack/react-router';
import { useMatches, useRouter } from '@tanstack/react-router';
import { useSelector } from '@tanstack/react-store';
import { useEffect } from 'react';
import { trimSlash } from '@/router/menu';
import { tagsStore } from '@/stores/tags';

/** Pins the affix routes once and adds every titled page the user visits. */
export function useVisitedTags() {
  const router = useRouter();
  // Path, query and title all come from the same (resolved) leaf match.
  const leaf = useMatches({ select: (matches) => matches.at(-1) });

  useEffect(() => {
    for (const route of Object.values(router.routesById) as AnyRoute[]) {
      const meta = route.options.staticData?.meta;
      if (!meta?.affix) continue;
      const path = trimSlash(route.fullPath);
      tagsStore.actions.add({ path, fullPath: path, title: meta.title, affix: true });
    }
  }, [router]);

  const meta = leaf?.staticData?.meta;
  const pathname = leaf?.pathname;
  const fullPath = leaf ? `${leaf.pathname}${router.options.stringifySearch(leaf.search)}` : undefined;
  useEffect(() => {
    if (!meta?.title || !pathname || !fullPath) return;
    tagsStore.actions.add({ path: pathname, fullPath, title: meta.title, affix: meta.affix });
  }, [meta?.title, meta?.affix, pathname, fullPath]);

  return useSelector(tagsStore, (state) => state.visited);
}
