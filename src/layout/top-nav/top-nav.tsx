import { Box, Button, Flex, HStack, IconButton } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@tanstack/react-store';
import { Menu as MenuIcon, MessagesSquare } from 'lucide-react';
import type { ReactNode } from 'react';
import { appStore } from '@/stores/app';
import { HEADER_HEIGHT, MOBILE_TABS_HEIGHT } from '../constants';
import { ErrorLogButton } from '../tools/error-log-button';
import { RouteSearch } from '../tools/route-search';
import { ScreenfullButton } from '../tools/screenfull-button';
import { SizeSelect } from '../tools/size-select';
import { Logo } from './logo';
import { NavTabs } from './nav-tabs';

export function TopNav({ userArea }: { userArea: ReactNode }) {
  const mobile = useSelector(appStore, (state) => state.device === 'mobile');
  return (
    <Box as="header" bg="white">
      <Flex h={HEADER_HEIGHT} borderBottomWidth="1px" borderColor="gray.200" align="center" gap={{ base: 2, lg: 4 }} px={{ base: 3, lg: 5 }}>
        <IconButton aria-label="切换侧边栏" variant="ghost" size="sm" onClick={() => appStore.actions.toggleSidebar()}>
          <MenuIcon />
        </IconButton>
        <Logo />
        {!mobile && <NavTabs />}
        <HStack gap="1" ml="auto" flexShrink={0}>
          {/* The chat has no tab or sidebar item (the spec hides /gpt): its way in is here, on every page. */}
          <Button asChild size="sm" variant="ghost" color="gray.700" px={{ base: 2, lg: 3 }}>
            <Link to="/gpt" aria-label="AI 对话" title="AI 对话">
              <MessagesSquare />
              {!mobile && 'AI 对话'}
            </Link>
          </Button>
          {!mobile && (
            <>
              <RouteSearch />
              <ErrorLogButton />
              <ScreenfullButton />
              <SizeSelect />
            </>
          )}
          {userArea}
        </HStack>
      </Flex>
      {mobile && (
        <Box h={MOBILE_TABS_HEIGHT} px="1" borderBottomWidth="1px" borderColor="gray.200">
          <NavTabs />
        </Box>
      )}
    </Box>
  );
}
