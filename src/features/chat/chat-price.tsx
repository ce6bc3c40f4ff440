import { Text } from '@chakra-ui/react';
import { getAccountInfoChargeQuoteQueryKey, useAccountInfoChargeQuote } from '@/api/gen/order/order';
import { rateText } from '@/components/charge/charge-text';
import { formatYuan } from '@/lib/number';

/** The quote of an answer, asked again after each answer (the balance moved). */
export const CHAT_QUOTE = { operation: 'chatGptCompletionsStream' } as const;
export const chatQuoteKey = () => getAccountInfoChargeQuoteQueryKey(CHAT_QUOTE);

/**
 * What an answer costs, said under the question box before anything is asked (the server's quote): by the
 * characters it delivers, at most the longest answer's price; a stopped answer costs only what it delivered.
 */
export function ChatPrice() {
  const quote = useAccountInfoChargeQuote(CHAT_QUOTE, { query: { staleTime: 60_000, meta: { silent: true } } });
  if (!quote.data?.rate) return null;
  const { rate, chargeFen, balanceFen, enough } = quote.data;
  return (
    <Text fontSize="xs" color={enough ? 'gray.500' : 'orange.700'} data-testid="chat-price" data-charge-fen={chargeFen}>
      每次回答按实际字数计费：{rateText(rate)}，单次最多 {formatYuan(chargeFen)}；停止生成只按已生成的字数计费。余额 {formatYuan(balanceFen)}
      {!enough && '，不足一次最长回答的费用，请先充值'}
    </Text>
  );
}
