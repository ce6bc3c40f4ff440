import { Box, HStack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';

export function LogoMark({ size = '32px' }: { size?: string }) {
  return (
    <Box
      boxSize={size}
      rounded="lg"
      bg="brand.solid"
      color="brand.contrast"
      display="grid"
      placeItems="center"
      fontWeight="bold"
      fontSize="md"
      flexShrink={0}
      // The glyph is drawn, not written: the link's name is its visible text (axe's label-content-name-mismatch).
      _before={{ content: '"墨"' }}
      aria-hidden
    />
  );
}

export function Logo() {
  return (
    <Link to="/home" aria-label="墨研首页">
      <HStack gap="2">
        <LogoMark />
        <Text fontWeight="bold" fontSize="lg" letterSpacing="wide" color="gray.900">
          墨研
        </Text>
      </HStack>
    </Link>
  );
}
