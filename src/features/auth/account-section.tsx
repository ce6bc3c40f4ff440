import { Button, Heading, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { PasswordForm } from './password/password-form';
import { SignupForm } from './signup/signup-form';
import { useRegistrationOpen } from './signup/use-registration-open';

export type AccountMode = 'login' | 'register';

type Props = {
  mode: AccountMode;
  onModeChange: (mode: AccountMode) => void;
  onToken: (token: string) => Promise<unknown>;
  /** Follows the link to the standalone login page (the overlay closes itself). */
  onPageLink?: () => void;
  showPageLink: boolean;
};

/** The panel's account side: password login, or sign-up, with the switch between them. */
export function AccountSection({ mode, onModeChange, onToken, onPageLink, showPageLink }: Props) {
  const registrationOpen = useRegistrationOpen();
  const signingUp = mode === 'register';

  return (
    <Stack gap="4">
      <Heading as="h3" size="md">
        {signingUp ? '注册账号' : '账号密码登录'}
      </Heading>
      {signingUp ? <SignupForm onToken={onToken} /> : <PasswordForm onToken={onToken} />}
      {(signingUp || registrationOpen) && (
        <HStack gap="1" fontSize="sm" color="gray.600">
          <Text>{signingUp ? '已有账号？' : '还没有账号？'}</Text>
          <Button variant="plain" size="sm" px="0" h="auto" color="brand.solid" onClick={() => onModeChange(signingUp ? 'login' : 'register')}>
            {signingUp ? '返回登录' : '注册账号'}
          </Button>
        </HStack>
      )}
      {showPageLink && (
        <ChakraLink asChild fontSize="sm" color="brand.solid" alignSelf="flex-start">
          <Link to="/login" onClick={onPageLink}>
            前往用户名密码登录页
          </Link>
        </ChakraLink>
      )}
    </Stack>
  );
}
