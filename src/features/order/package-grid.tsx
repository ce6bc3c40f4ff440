import { SimpleGrid, Skeleton, Text } from '@chakra-ui/react';
import type { Package } from '@/api/gen/model';
import { PackageCard } from './package-card';

type Props = {
  packages?: Package[];
  loading: boolean;
  error?: Error | null;
  buyingId?: string;
  onBuy: (pkg: Package) => void;
};

export function PackageGrid({ packages, loading, error, buyingId, onBuy }: Props) {
  if (loading) {
    return (
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4" aria-busy="true">
        {[0, 1, 2].map((item) => (
          <Skeleton key={item} h="240px" rounded="xl" />
        ))}
      </SimpleGrid>
    );
  }
  if (error) {
    return (
      <Text color="red.600" fontSize="sm" role="alert">
        套餐加载失败：{error.message}
      </Text>
    );
  }
  if (!packages?.length) return <Text color="gray.500">暂无可购买的套餐</Text>;
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
      {packages.map((pkg) => (
        <PackageCard key={pkg.id} pkg={pkg} buying={buyingId === pkg.id} disabled={Boolean(buyingId)} onBuy={onBuy} />
      ))}
    </SimpleGrid>
  );
}
