import { Button, Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { safeRedirect } from './safe-redirect';
import { useCompleteLogin } from './use-complete-login';

/** Landing page of an external sign-in: takes `token` from the query, logs in and moves on. */
export function AuthRedirectPage({ token, redirect }: { token?: string; redirect?: string }) {
  const completeLogin = useCompleteLogin();
  const navigate = useNavigate();
  const [rejected, setRejected] = useState(false);
  const failed = !token || rejected;

  useEffect(() => {
    if (!token) return;
    void completeLogin(token).then((ok) => {
      if (ok) void navigate({ href: safeRedirect(redirect), replace: true });
      else setRejected(true);
    });
  }, [token, redirect, completeLogin, navigate]);

  return (
    <Center minH="100dvh" p="6">
      {failed ? (
        <Stack align="center" gap="3" textAlign="center">
          <Text fontSize="lg" fontWeight="semibold">
            登录信息无效或已过期
          </Text>
          <Button asChild colorPalette="brand">
            <Link to="/login">重新登录</Link>
          </Button>
        </Stack>
      ) : (
        <Stack align="center" gap="3">
          <Spinner color="brand.solid" />
          <Text color="gray.600">正在登录…</Text>
        </Stack>
      )}
    </Center>
  );
}
