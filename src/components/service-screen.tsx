import { Box, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageHeader } from './page-header';
import type { IconName } from './route-icon';
import { SectionCard } from './section-card';

type Props = {
  title: string;
  description: string;
  icon?: IconName;
  /** What the service does, in a few short points. */
  highlights?: string[];
  children?: ReactNode;
};

/** The frame of a service screen: header, what it offers, then its records or details. */
export function ServiceScreen({ title, description, icon, highlights = [], children }: Props) {
  return (
    <Stack gap="5">
      <PageHeader title={title} description={description} icon={icon} />
      {highlights.length > 0 && (
        <SectionCard>
          <SimpleGrid columns={{ base: 1, md: highlights.length > 2 ? 3 : 2 }} gap="3">
            {highlights.map((point) => (
              <HStack key={point} gap="2" align="flex-start">
                <Box color="brand.solid" mt="0.5">
                  <CircleCheck size={16} />
                </Box>
                <Text fontSize="sm" color="gray.700">
                  {point}
                </Text>
              </HStack>
            ))}
          </SimpleGrid>
        </SectionCard>
      )}
      {children}
    </Stack>
  );
}
