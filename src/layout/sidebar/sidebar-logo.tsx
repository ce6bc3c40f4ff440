import { HStack, Text } from '@chakra-ui/react';
import { SLOGAN } from '../constants';
import { LogoMark } from '../top-nav/logo';

export function SidebarLogo({ collapsed }: { collapsed: boolean }) {
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
