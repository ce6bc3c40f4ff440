import { Box, Flex, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Check } from 'lucide-react';
import type { AccountMode } from './account-section';
import { LoginPanel } from './login-panel';
import { safeRedirect } from './safe-redirect';

const SELLING_POINTS = ['论文查重与 AIGC 检测', '降重、降AI痕迹与润色改写', 'AI 论文与 PPT 一键生成'];

/** The standalone /login page: the same QR and password login (or sign-up), then back to `redirect`. */
export function LoginPage({ redirect, mode }: { redirect?: string; mode?: AccountMode }) {
  const navigate = useNavigate();
  const done = () => void navigate({ href: safeRedirect(redirect), replace: true });

  return (
    <Flex minH="100dvh" align="center" justify="center" p={{ base: 0, md: 6 }} bgGradient="to-br" gradientFrom="brand.subtle" gradientTo="white">
      <Stack gap="6" w="full" maxW="880px">
        <Stack gap="2" align="center" textAlign="center" px="4" pt={{ base: 6, md: 0 }}>
          <Link to="/home">
            <HStack gap="2">
              <Box boxSize="40px" rounded="xl" bg="brand.solid" color="white" display="grid" placeItems="center" fontWeight="bold" fontSize="xl">
                墨
              </Box>
              <Heading size="2xl">墨研</Heading>
            </HStack>
          </Link>
          <HStack gap="4" wrap="wrap" justify="center" color="gray.600" fontSize="sm">
            {SELLING_POINTS.map((point) => (
              <HStack key={point} gap="1">
                <Check size={14} />
                <Text>{point}</Text>
              </HStack>
            ))}
          </HStack>
        </Stack>
        <Box bg="white" rounded={{ base: 'none', md: '2xl' }} shadow="lg" overflow="hidden">
          <LoginPanel
            active
            initialMode={mode}
            onSuccess={done}
            onDismiss={() => void navigate({ to: '/' })}
            title={(text) => (
              <Heading as="h2" size="md">
                {text}
              </Heading>
            )}
          />
        </Box>
      </Stack>
    </Flex>
  );
}
