import { Box, Flex, HStack } from '@chakra-ui/react';
import { useSelector } from '@tanstack/react-store';
import type { ReactNode } from 'react';
import { appStore } from '@/stores/app';
import { settingsStore } from '@/stores/settings';
import { BREADCRUMB_HEIGHT, HEADER_HEIGHT, SETTINGS_TOGGLE_CLEARANCE } from './constants';
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
  const { fixedHeader, tagsView, showSettings } = useSelector(settingsStore, (state) => state);
  const mobile = useSelector(appStore, (state) => state.device === 'mobile');

  return (
    <Box minH="100dvh">
      <Box position={fixedHeader ? 'sticky' : 'relative'} top="0" zIndex="sticky">
        <TopNav userArea={userArea} />
      </Box>
      <Flex align="flex-start">
        <Sidebar />
        <Box flex="1" minW="0">
          {/* On a phone only the top bars stay: breadcrumb and tags scroll away, so the page keeps the screen. */}
          <Box position={fixedHeader && !mobile ? 'sticky' : 'relative'} top={fixedHeader && !mobile ? HEADER_HEIGHT : undefined} zIndex="docked" data-testid="page-bars">
            <HStack h={BREADCRUMB_HEIGHT} px={{ base: 3, lg: 5 }} bg="white" borderBottomWidth="1px" borderColor="gray.100">
              <AppBreadcrumb />
            </HStack>
            {tagsView && <TagsView />}
          </Box>
          {/* The settings toggle sits on the right edge: the page keeps clear of it. */}
          <Box as="main" pl={{ base: 3, md: 5, lg: 6 }} pr={showSettings ? SETTINGS_TOGGLE_CLEARANCE : { base: 3, md: 5, lg: 6 }} py={{ base: 4, lg: 6 }} maxW="1280px" mx="auto">
            <PageOutlet />
          </Box>
        </Box>
      </Flex>
      <SettingsPanel />
      {overlay}
    </Box>
  );
}
