import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { Link, useLocation } from '@tanstack/react-router';
import { RouteIcon } from '@/components/route-icon';
import type { MenuNode } from '@/router/menu';

function MenuLink({ node, collapsed, active, onNavigate }: { node: MenuNode; collapsed: boolean; active: boolean; onNavigate?: () => void }) {
  return (
    <Box
      asChild
      display="flex"
      alignItems="center"
      gap="3"
      h="10"
      px={collapsed ? 0 : 3}
      justifyContent={collapsed ? 'center' : 'flex-start'}
      rounded="md"
      fontSize="sm"
      color={active ? 'brand.solid' : 'gray.700'}
      bg={active ? 'brand.subtle' : 'transparent'}
      fontWeight={active ? 'semibold' : 'normal'}
      _hover={{ bg: active ? 'brand.subtle' : 'gray.100' }}
    >
      <Link to={node.path} title={node.title} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
        <RouteIcon name={node.icon} size={18} />
        {!collapsed && <Text truncate>{node.title}</Text>}
      </Link>
    </Box>
  );
}

export function SidebarMenu({ menu, collapsed, onNavigate }: { menu: MenuNode[]; collapsed: boolean; onNavigate?: () => void }) {
  const pathname = useLocation({ select: (location) => location.pathname });
  return (
    <Stack as="nav" aria-label="侧边栏" gap="1" px="2" py="3">
      {menu.map((node) =>
        node.children.length === 0 ? (
          <MenuLink key={node.path} node={node} collapsed={collapsed} active={pathname === node.path} onNavigate={onNavigate} />
        ) : (
          <Stack key={node.path} gap="1" role="group" aria-label={node.title}>
            {collapsed ? (
              <Box h="1px" bg="gray.100" my="1" />
            ) : (
              <HStack px="3" pt="3" pb="1" gap="2" color="gray.500">
                <RouteIcon name={node.icon} size={14} />
                <Text fontSize="xs" fontWeight="semibold" letterSpacing="wider">
                  {node.title}
                </Text>
              </HStack>
            )}
            {node.children.map((child) => (
              <MenuLink
                key={child.path}
                node={{ ...child, icon: child.icon ?? node.icon }}
                collapsed={collapsed}
                active={pathname === child.path}
                onNavigate={onNavigate}
              />
            ))}
          </Stack>
        ),
      )}
    </Stack>
  );
}
