import { Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';

/** What a paid submission's form shows as `error`: the server's code, when it sent one. */
export type SubmitFailure = { message: string; code?: string };

/** A paid submission's refusal under its form, with the way to top up when the balance was short. */
export function SubmitError({ error }: { error: SubmitFailure | null }) {
  if (!error) return null;
  return (
    <Stack gap="1" role="alert">
      <Text color="red.600" fontSize="sm">
        {error.message}
      </Text>
      {error.code === 'INSUFFICIENT_BALANCE' && (
        <ChakraLink asChild color="brand.solid" fontSize="sm">
          <Link to="/order/recharge">去充值</Link>
        </ChakraLink>
      )}
    </Stack>
  );
}
