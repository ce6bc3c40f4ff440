import { Box, CloseButton, Drawer, HStack, Portal, Text } from '@chakra-ui/react';
import { useSelector } from '@tanstack/react-store';
import { appStore } from '@/stores/app';
import { settingsStore } from '@/stores/settings';
import { HEADER_HEIGHT, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH, SLOGAN } from '../constants';
import { LogoMark } from '../top-nav/logo';
import { SidebarMenu } from './sidebar-menu';
import { useMenu } from './use-menu';

function SidebarLogo({ collapsed }: { collapsed: boolean }) {
  return (
    <HStack gap="2" px={collapsed ? 0 : 4} py="4" justify={collapsed ? 'center' : 'flex-start'} borderBottomWidth="1px" borderColor="gray.100">
      <LogoMark size="28px" />
      {!collapsed && (
        <Text fontSize="sm" fontWeight="semibold" color="gray.700" truncate>
          {SLOGAN}
        </Text>
      )}
    </HStack>
  );
}

export function Sidebar() {
  const menu = useMenu();
  const { opened, withoutAnimation } = useSelector(appStore, (state) => state.sidebar);
  const mobile = useSelector(appStore, (state) => state.device === 'mobile');
  const showLogo = useSelector(settingsStore, (state) => state.sidebarLogo);
  const fixedHeader = useSelector(settingsStore, (state) => state.fixedHeader);

  if (mobile) {
    return (
      <Drawer.Root open={opened} placement="start" onOpenChange={(event) => !event.open && appStore.actions.closeSidebar(false)}>
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
