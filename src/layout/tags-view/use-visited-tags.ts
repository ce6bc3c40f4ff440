import type { AnyRoute } from '@tanstack/react-router';
import { useLocation, useMatches, useRouter } from '@tanstack/react-router';
import { useSelector } from '@tanstack/react-store';
import { useEffect } from 'react';
import { trimSlash } from '@/router/menu';
import { tagsStore } from '@/stores/tags';

/** Pins the affix routes once and adds every titled page the user visits. */
export function useVisitedTags() {
  const router = useRouter();
  const location = useLocation();
  const leaf = useMatches({ select: (matches) => matches.at(-1)?.staticData?.meta });

  useEffect(() => {
    for (const route of Object.values(router.routesById) as AnyRoute[]) {
      const meta = route.options.staticData?.meta;
      if (!meta?.affix) continue;
      const path = trimSlash(route.fullPath);
      tagsStore.actions.add({ path, fullPath: path, title: meta.title, affix: true });
    }
  }, [router]);

  useEffect(() => {
    if (!leaf?.title) return;
    tagsStore.actions.add({ path: location.pathname, fullPath: location.href, title: leaf.title, affix: leaf.affix });
  }, [leaf?.title, leaf?.affix, location.pathname, location.href]);

  return useSelector(tagsStore, (state) => state.visited);
}
