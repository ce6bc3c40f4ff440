import { Badge, Box, Button, HStack, List, Stack, Text } from '@chakra-ui/react';
import { Check } from 'lucide-react';
import type { Package } from '@/api/gen/model';
import { formatYuan } from '@/lib/number';
import { PACKAGE_TYPE_LABELS } from './labels';

type Props = { pkg: Package; buying: boolean; disabled: boolean; onBuy: (pkg: Package) => void };

/** One package: price (with the original struck through), what reaches the balance, what it offers. */
export function PackageCard({ pkg, buying, disabled, onBuy }: Props) {
  const recharge = pkg.type === 'recharge';
  return (
    <Stack
      as="article"
      aria-label={pkg.name}
      gap="3"
      p="5"
      bg="white"
      rounded="xl"
      shadow="xs"
      borderWidth={pkg.recommended ? '2px' : '1px'}
      borderColor={pkg.recommended ? 'brand.solid' : 'gray.200'}
    >
      <HStack justify="space-between" gap="2">
        <Text fontWeight="semibold" fontSize="lg">
          {pkg.name}
        </Text>
        {pkg.recommended ? (
          <Badge colorPalette="orange" variant="solid" bg="orange.700">
            推荐
          </Badge>
        ) : (
          <Badge variant="subtle">{PACKAGE_TYPE_LABELS[pkg.type]}</Badge>
        )}
      </HStack>
      <HStack align="baseline" gap="2">
        <Text fontSize="2xl" fontWeight="bold" color="brand.solid">
          {formatYuan(pkg.priceFen)}
        </Text>
        {pkg.originalPriceFen !== null && (
          <Text as="del" fontSize="sm" color="gray.500" aria-label={`原价 ${formatYuan(pkg.originalPriceFen)}`} title="降价前本站的实际成交价">
            {formatYuan(pkg.originalPriceFen)}
          </Text>
        )}
      </HStack>
      <Text fontSize="sm" color="gray.700" data-testid="package-credit">
        到账余额 <strong>{formatYuan(pkg.creditFen)}</strong>
        {pkg.creditFen > pkg.priceFen && `（含赠送 ${formatYuan(pkg.creditFen - pkg.priceFen)}）`}
      </Text>
      {pkg.description && (
        <Text fontSize="sm" color="gray.500">
          {pkg.description}
        </Text>
      )}
      {pkg.features.length > 0 && (
        <List.Root gap="1.5" variant="plain" fontSize="sm" color="gray.700">
          {pkg.features.map((feature) => (
            <List.Item key={feature} alignItems="center">
              <List.Indicator asChild color="green.500">
                <Check size={14} />
              </List.Indicator>
              {feature}
            </List.Item>
          ))}
        </List.Root>
      )}
      <Box flex="1" />
      <Button
        colorPalette="brand"
        variant={pkg.recommended ? 'solid' : 'outline'}
        loading={buying}
        loadingText="下单中"
        disabled={disabled}
        onClick={() => onBuy(pkg)}
        aria-label={`${recharge ? '立即充值' : '立即购买'}：${pkg.name}`}
      >
        {recharge ? '立即充值' : '立即购买'}
      </Button>
    </Stack>
  );
}
