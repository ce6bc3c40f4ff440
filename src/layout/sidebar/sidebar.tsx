import { Box } from '@chakra-ui/react';
import { useSelector } from '@tanstack/react-store';
import { Suspense, lazy, useState } from 'react';
import { appStore } from '@/stores/app';
import { settingsStore } from '@/stores/settings';
import { HEADER_HEIGHT, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from '../constants';
import { SidebarLogo } from './sidebar-logo';
import { SidebarMenu } from './sidebar-menu';
import { useMenu } from './use-menu';

const SidebarDrawer = lazy(() => import('./sidebar-drawer').then((module) => ({ default: module.SidebarDrawer })));

export function Sidebar() {
  const menu = useMenu();
  const { opened, withoutAnimation } = useSelector(appStore, (state) => state.sidebar);
  const mobile = useSelector(appStore, (state) => state.device === 'mobile');
  const showLogo = useSelector(settingsStore, (state) => state.sidebarLogo);
  const fixedHeader = useSelector(settingsStore, (state) => state.fixedHeader);
  const [drawerWanted, setDrawerWanted] = useState(false);

  if (mobile) {
    // The drawer's code loads the first time it opens (a phone's first page does not wait for it).
    if (!drawerWanted && opened) setDrawerWanted(true);
    if (!drawerWanted) return null;
    return (
      <Suspense fallback={null}>
        <SidebarDrawer open={opened} showLogo={showLogo} menu={menu} />
      </Suspense>
    );
  }

  const collapsed = !opened;
  return (
    <Box
      as="aside"
      data-testid="sidebar"
      data-collapsed={collapsed || undefined}
      position="sticky"
      top={fixedHeader ? HEADER_HEIGHT : 0}
      h={fixedHeader ? `calc(100dvh - ${HEADER_HEIGHT})` : '100dvh'}
      w={collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH}
      flexShrink={0}
      bg="white"
      borderRightWidth="1px"
      borderColor="gray.200"
      overflowY="auto"
      transition={withoutAnimation ? 'none' : 'width 0.2s'}
    >
      {showLogo && <SidebarLogo collapsed={collapsed} />}
      <SidebarMenu menu={menu} collapsed={collapsed} />
    </Box>
  );
}
