import Fuse from 'fuse.js';
import type { SearchItem } from './menu';

// Apart from menu.ts so that fuse.js loads when the search box opens (layout/tools/route-search.tsx), not with every page.
/** Route search as the spec tunes it: threshold 0.4, title weight 0.7, path weight 0.3. */
export function createRouteSearch(items: readonly SearchItem[]): (query: string) => SearchItem[] {
  const fuse = new Fuse(items, {
    shouldSort: true,
    threshold: 0.4,
    minMatchCharLength: 1,
    keys: [
      { name: 'title', weight: 0.7 },
      { name: 'path', weight: 0.3 },
    ],
  });
  return (query) => (query.trim() ? fuse.search(query.trim()).map((result) => result.item) : []);
}
