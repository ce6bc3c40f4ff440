import { Badge, Box, Button, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { Package } from '@/api/gen/model';
import { formatFen } from '@/lib/number';

export const PACKAGE_TYPE_LABELS: Record<string, string> = {
  check: '查重',
  rewrite: '降重',
  aigc: '降AIGC',
  paper: '论文写作',
  ppt: 'PPT',
  recharge: '充值',
};

/** Packages as priced cards; buying comes with the order issue. */
export function PackageGrid({ packages, loading }: { packages?: Package[]; loading: boolean }) {
  if (loading) {
    return (
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        {[0, 1, 2].map((item) => (
          <Skeleton key={item} h="200px" rounded="xl" />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
      {packages?.map((item) => (
        <Stack
          key={item.id}
          gap="3"
          p="5"
          bg="white"
          rounded="xl"
          borderWidth={item.recommended ? '2px' : '1px'}
          borderColor={item.recommended ? 'brand.solid' : 'gray.200'}
        >
          <HStack justify="space-between">
            <Text fontWeight="semibold">{item.name}</Text>
            <Badge colorPalette={item.recommended ? 'orange' : 'gray'}>{item.recommended ? '推荐' : PACKAGE_TYPE_LABELS[item.type]}</Badge>
          </HStack>
          <HStack align="baseline" gap="2">
            <Text fontSize="2xl" fontWeight="bold" color="brand.solid">
              ¥{formatFen(item.priceFen)}
            </Text>
            {item.originalPriceFen > item.priceFen && (
              <Text fontSize="sm" color="gray.400" textDecoration="line-through">
                ¥{formatFen(item.originalPriceFen)}
              </Text>
            )}
          </HStack>
          <Text fontSize="sm" color="gray.600">
            {item.description}
          </Text>
          <Box flex="1" />
          <Button colorPalette="brand" variant={item.recommended ? 'solid' : 'outline'} size="sm">
            立即购买
          </Button>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
