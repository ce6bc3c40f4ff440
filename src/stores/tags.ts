import { createStore } from '@tanstack/react-store';

export type TagView = {
  /** Identity of the tag: the route path without the query. */
  path: string;
  /** Where clicking the tag goes back to, query included. */
  fullPath: string;
  title: string;
  affix?: boolean;
};

export type TagsState = { visited: TagView[] };

export const tagsStore = createStore<TagsState, {
  add: (view: TagView) => void;
  remove: (path: string) => void;
  removeOthers: (path: string) => void;
  removeAll: () => void;
  reset: () => void;
}>({ visited: [] }, ({ setState }) => ({
  add(view) {
    setState(({ visited }) => {
      const index = visited.findIndex((item) => item.path === view.path);
      if (index === -1) return { visited: [...visited, view] };
      return { visited: visited.map((item, i) => (i === index ? { ...item, fullPath: view.fullPath } : item)) };
    });
  },
  remove(path) {
    setState(({ visited }) => ({ visited: visited.filter((item) => item.affix || item.path !== path) }));
  },
  removeOthers(path) {
    setState(({ visited }) => ({ visited: visited.filter((item) => item.affix || item.path === path) }));
  },
  removeAll() {
    setState(({ visited }) => ({ visited: visited.filter((item) => item.affix) }));
  },
  reset() {
    setState(() => ({ visited: [] }));
  },
}));
