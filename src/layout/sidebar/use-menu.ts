import type { AnyRoute } from '@tanstack/react-router';
import { useRouter } from '@tanstack/react-router';
import { useSelector } from '@tanstack/react-store';
import { useMemo } from 'react';
import { type MenuNode, buildMenu } from '@/router/menu';
import { sessionStore } from '@/stores/session';

export function useMenu(): MenuNode[] {
  const router = useRouter();
  const roles = useSelector(sessionStore, (state) => state.roles);
  return useMemo(() => buildMenu(Object.values(router.routesById) as AnyRoute[], roles), [router, roles]);
}
