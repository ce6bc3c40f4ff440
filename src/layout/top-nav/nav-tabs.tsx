import { Badge, Box, HStack } from '@chakra-ui/react';
import { Link, useLocation } from '@tanstack/react-router';
import { useCapabilities } from '@/components/use-capabilities';
import { NAV_TABS, activeArea } from './active-tab';

export function NavTabs() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const { data: capabilities } = useCapabilities();
  const active = activeArea(pathname);
  return (
    <HStack as="nav" aria-label="主导航" gap="1" overflowX="auto" scrollbarWidth="none" h="full" flexShrink={1} minW="0">
      {NAV_TABS.map((tab) => {
        const selected = tab.key === active;
        const unavailable = capabilities?.services[tab.service].available === false;
        return (
          <Box
            key={tab.key}
            asChild
            px="3"
            h="full"
            display="flex"
            alignItems="center"
            gap="1"
            whiteSpace="nowrap"
            fontSize="sm"
            fontWeight={selected ? 'semibold' : 'medium'}
            color={selected ? 'brand.solid' : 'gray.600'}
            borderBottomWidth="2px"
            borderColor={selected ? 'brand.solid' : 'transparent'}
            _hover={{ color: 'brand.solid' }}
            transition="color 0.15s"
          >
            <Link to={tab.to} aria-current={selected ? 'page' : undefined} data-tab={tab.key}>
              {tab.label}
              {unavailable && (
                <Badge size="xs" variant="subtle" colorPalette="gray" fontWeight="normal">
                  建设中
                </Badge>
              )}
            </Link>
          </Box>
        );
      })}
    </HStack>
  );
}
