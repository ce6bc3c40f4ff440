import { HStack, Spinner, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useCheckWordCount } from '@/api/gen/check/check';
import { useSignedIn } from '@/components/use-signed-in';
import { countChars, MAX_CHECK_CHARS } from '@common/char-count';
import { formatThousands, formatYuan } from '@/lib/number';
import { useDebounced } from '@/components/use-debounced';

/** The live count (the checkers' rule, in the browser) and, for a signed-in user, the server's price. */
export function TextStats({ text, note }: { text: string | null; note?: string }) {
  const signedIn = useSignedIn();
  // A whole paper takes tens of milliseconds to count; the debounce and the price request re-render without new text.
  const chars = useMemo(() => (text === null ? null : countChars(text)), [text]);
  const settled = useDebounced(text ?? '', 400);
  const fits = chars !== null && chars > 0 && chars <= MAX_CHECK_CHARS;
  const price = useCheckWordCount({ content: settled }, { query: { enabled: signedIn && fits && settled === text, meta: { silent: true } } });

  return (
    <HStack gap="5" fontSize="sm" color="gray.600" wrap="wrap" aria-live="polite">
      <Text data-testid="char-count">
        字数：
        <Text as="span" fontWeight="semibold" color={chars !== null && chars > MAX_CHECK_CHARS ? 'red.600' : 'gray.900'}>
          {chars === null ? (note ?? '—') : formatThousands(chars)}
        </Text>
      </Text>
      {signedIn && fits && (
        <Text data-testid="price">
          价格：
          {price.isFetching || !price.data ? (
            <Spinner size="xs" />
          ) : (
            <Text as="span" fontWeight="semibold" color="orange.600">
              {formatYuan(price.data.priceFen)}
            </Text>
          )}
        </Text>
      )}
      {!signedIn && fits && <Text>登录后显示价格</Text>}
    </HStack>
  );
}
