import { Alert, DataList, Link as ChakraLink } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { CostQuote } from '@/api/gen/model';
import { formatYuan } from '@/lib/number';
import { ENGINE_LABELS, pricingText } from './charge-text';

function amountText(quote: CostQuote): string {
  if (quote.billing === 'per_answer') return `每次回答最多 ${formatYuan(quote.chargeFen)}`;
  if (quote.freeCheck) return `${formatYuan(0)}（使用首次免费查重）`;
  return formatYuan(quote.chargeFen);
}

/**
 * What a paid action will take, said the same way everywhere before it charges: what for (the ledger note it
 * will write), who does the work, how it was priced, the amount, the balance now and after. The server computes
 * every figure (charge_quote, check_cost).
 */
export function ChargeSummary({ quote }: { quote: CostQuote }) {
  const rows: Array<[string, string]> = [
    ['用途', quote.purpose],
    ...(quote.engine ? [['处理方式', ENGINE_LABELS[quote.engine]] as [string, string]] : []),
    ...(pricingText(quote) ? [['计价', pricingText(quote)!] as [string, string]] : []),
    ['本次扣费', amountText(quote)],
    ['当前余额', formatYuan(quote.balanceFen)],
    ['支付后余额', quote.balanceAfterFen === null ? '余额不足' : `${quote.billing === 'per_answer' ? '至少 ' : ''}${formatYuan(quote.balanceAfterFen)}`],
  ];
  return (
    <>
      <DataList.Root orientation="horizontal" size="md" data-testid="charge-summary" data-charge-fen={quote.chargeFen} data-purpose={quote.purpose}>
        {rows.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel minW="24">{label}</DataList.ItemLabel>
            <DataList.ItemValue fontWeight={label === '本次扣费' ? 'semibold' : undefined}>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      {!quote.enough && (
        <Alert.Root status="warning" mt="3">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>余额不足，请先充值</Alert.Title>
            <Alert.Description>
              本次需要 {formatYuan(quote.chargeFen)}，当前余额 {formatYuan(quote.balanceFen)}。{' '}
              <ChakraLink asChild color="brand.solid" fontWeight="semibold">
                <Link to="/order/recharge">去充值</Link>
              </ChakraLink>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
    </>
  );
}
