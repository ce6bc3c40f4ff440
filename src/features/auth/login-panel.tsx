import { Box, Button, Grid, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { PasswordForm } from './password/password-form';
import { QrPanel } from './qr/qr-panel';
import { useCompleteLogin } from './use-complete-login';

const DISMISS_TEXT = '先看看,一会再说';

type Props = {
  /** Polling runs only while the panel is shown. */
  active: boolean;
  onSuccess?: () => void;
  onDismiss?: () => void;
  /** The overlay links to the standalone password login page; the page itself does not. */
  showPageLink?: boolean;
  title: (text: string) => ReactNode;
};

/** QR login on the left, username and password on the right, as the spec lays out the overlay. */
export function LoginPanel({ active, onSuccess, onDismiss, showPageLink = false, title }: Props) {
  const completeLogin = useCompleteLogin();
  const finish = async (token: string) => {
    if (await completeLogin(token)) onSuccess?.();
  };

  return (
    <Stack gap="0">
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }}>
        <Stack align="center" gap="2" px="6" py={{ base: 5, md: 8 }} bg="brand.subtle" textAlign="center">
          {title('微信扫码登录')}
          <Text fontSize="sm" color="brand.fg" fontWeight="medium">
            微信扫码登录首次免费查重
          </Text>
          <Box mt="2">
            <QrPanel active={active} onToken={(token) => void finish(token)} />
          </Box>
        </Stack>
        <Stack gap="4" px="6" py={{ base: 5, md: 8 }}>
          <Heading as="h3" size="md">
            账号密码登录
          </Heading>
          <PasswordForm onToken={finish} />
          {showPageLink && (
            <ChakraLink asChild fontSize="sm" color="brand.solid" alignSelf="flex-start">
              <Link to="/login" onClick={onDismiss}>
                前往用户名密码登录页
              </Link>
            </ChakraLink>
          )}
        </Stack>
      </Grid>
      {onDismiss && (
        <Box textAlign="center" py="3" borderTopWidth="1px" borderColor="gray.100">
          <Button variant="plain" size="sm" color="gray.500" onClick={onDismiss}>
            {DISMISS_TEXT}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
