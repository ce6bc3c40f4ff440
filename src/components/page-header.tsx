import { Flex, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { type IconName, RouteIcon } from './route-icon';

export function PageHeader({ title, description, icon, actions }: { title: string; description?: string; icon?: IconName; actions?: ReactNode }) {
  return (
    <Flex gap="4" align={{ base: 'flex-start', md: 'center' }} direction={{ base: 'column', md: 'row' }} mb="5">
      <HStack gap="3" align="flex-start" flex="1" minW="0">
        {icon && (
          <Flex boxSize="40px" rounded="lg" bg="brand.subtle" color="brand.solid" align="center" justify="center" flexShrink={0}>
            <RouteIcon name={icon} size={20} />
          </Flex>
        )}
        <Stack gap="1" minW="0">
          <Heading as="h1" size="lg" color="gray.900">
            {title}
          </Heading>
          {description && (
            <Text fontSize="sm" color="gray.500">
              {description}
            </Text>
          )}
        </Stack>
      </HStack>
      {actions && <HStack gap="2">{actions}</HStack>}
    </Flex>
  );
}
