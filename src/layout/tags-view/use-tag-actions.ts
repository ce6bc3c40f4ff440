import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { type TagView, tagsStore } from '@/stores/tags';

/** Refresh, Close, Close Others and Close All of the tags-view context menu. */
export function useTagActions() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pathname = useLocation({ select: (location) => location.pathname });
  const isActive = (view: TagView) => view.path === pathname;

  const toLastView = () => {
    const latest = tagsStore.state.visited.at(-1);
    void navigate({ href: latest ? latest.fullPath : '/' });
  };

  return {
    isActive,
    navigateTo(view: TagView) {
      if (!isActive(view)) void navigate({ href: view.fullPath });
    },
    refresh(view: TagView) {
      void queryClient.invalidateQueries({ refetchType: 'none' });
      void navigate({ href: `/redirect${view.fullPath}`, replace: true });
    },
    close(view: TagView) {
      if (view.affix) return;
      tagsStore.actions.remove(view.path);
      if (isActive(view)) toLastView();
    },
    closeOthers(view: TagView) {
      tagsStore.actions.removeOthers(view.path);
      if (!isActive(view)) void navigate({ href: view.fullPath });
    },
    closeAll(view: TagView) {
      tagsStore.actions.removeAll();
      if (!(view.affix && isActive(view))) toLastView();
    },
  };
}
