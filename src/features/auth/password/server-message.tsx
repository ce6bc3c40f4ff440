import { Text } from '@chakra-ui/react';

/** The server's error message in red under a sign-in form (spec section 8: data.error.message). */
export function ServerMessage({ error }: { error: { message: string } | null }) {
  if (!error) return null;
  return (
    <Text color="red.500" fontSize="sm" role="alert">
      {error.message}
    </Text>
  );
}
