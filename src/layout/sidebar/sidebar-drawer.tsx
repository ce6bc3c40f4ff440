import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import type { MenuNode } from '@/router/menu';
import { appStore } from '@/stores/app';
import { SIDEBAR_WIDTH } from '../constants';
import { SidebarLogo } from './sidebar-logo';
import { SidebarMenu } from './sidebar-menu';

/** The sidebar as a drawer on phones; loaded by Sidebar the first time it opens. */
export function SidebarDrawer({ open, showLogo, menu }: { open: boolean; showLogo: boolean; menu: MenuNode[] }) {
  return (
    <Drawer.Root open={open} placement="start" onOpenChange={(event) => !event.open && appStore.actions.closeSidebar(false)}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content maxW={SIDEBAR_WIDTH} data-testid="sidebar">
            <Drawer.Body p="0">
              {showLogo && <SidebarLogo collapsed={false} />}
              <SidebarMenu menu={menu} collapsed={false} onNavigate={() => appStore.actions.closeSidebar(false)} />
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="关闭侧边栏" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
