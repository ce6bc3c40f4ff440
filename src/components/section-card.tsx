import { Box, Flex, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function SectionCard({ title, extra, children }: { title?: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <Box as="section" bg="white" rounded="xl" borderWidth="1px" borderColor="gray.200" p={{ base: 4, md: 5 }} shadow="xs">
      {(title || extra) && (
        <Flex align="center" justify="space-between" mb="4" gap="3">
          {title && (
            <Heading as="h2" size="sm" color="gray.800">
              {title}
            </Heading>
          )}
          {extra}
        </Flex>
      )}
      {children}
    </Box>
  );
}
