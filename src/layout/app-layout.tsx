import { Box, Flex, HStack } from '@chakra-ui/react';
import { useSelector } from '@tanstack/react-store';
import type { ReactNode } from 'react';
import { appStore } from '@/stores/app';
import { settingsStore } from '@/stores/settings';
import { HEADER_HEIGHT, MOBILE_HEADER_HEIGHT } from './constants';
import { AppBreadcrumb } from './breadcrumb/app-breadcrumb';
import { SettingsPanel } from './settings/settings-panel';
import { Sidebar } from './sidebar/sidebar';
import { TagsView } from './tags-view/tags-view';
import { TopNav } from './top-nav/top-nav';
import { PageOutlet } from './page-outlet';
import { useAppliedSettings, useDeviceMode } from './use-layout-effects';

/** The main layout: top navigation, sidebar, breadcrumb, tags-view, the page, and the settings drawer. */
export function AppLayout({ userArea, overlay }: { userArea: ReactNode; overlay?: ReactNode }) {
  useDeviceMode();
  useAppliedSettings();
  const { fixedHeader, tagsView } = useSelector(settingsStore, (state) => state);
  const mobile = useSelector(appStore, (state) => state.device === 'mobile');

  return (
    <Box minH="100dvh">
      <Box position={fixedHeader ? 'sticky' : 'relative'} top="0" zIndex="sticky">
        <TopNav userArea={userArea} />
      </Box>
      <Flex align="flex-start">
        <Sidebar />
        <Box flex="1" minW="0">
          <Box position={fixedHeader ? 'sticky' : 'relative'} top={fixedHeader ? (mobile ? MOBILE_HEADER_HEIGHT : HEADER_HEIGHT) : undefined} zIndex="docked">
            <HStack h="40px" px={{ base: 3, lg: 5 }} bg="white" borderBottomWidth="1px" borderColor="gray.100">
              <AppBreadcrumb />
            </HStack>
            {tagsView && <TagsView />}
          </Box>
          <Box as="main" px={{ base: 3, md: 5, lg: 6 }} py={{ base: 4, lg: 6 }} maxW="1280px" mx="auto">
            <PageOutlet />
          </Box>
        </Box>
      </Flex>
      <SettingsPanel />
      {overlay}
    </Box>
  );
}
