import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { useLoginLogin } from '@/api/gen/auth/auth';
import { passwordRules, usernameRules } from './field-rules';
import { PasswordInput } from './password-input';
import { ServerMessage } from './server-message';
import { useSingleSubmit } from './use-single-submit';

type Values = { username: string; password: string };

export function PasswordForm({ onToken }: { onToken: (token: string) => Promise<unknown> }) {
  const { register, handleSubmit, formState } = useForm<Values>({ mode: 'onBlur', defaultValues: { username: '', password: '' } });
  const login = useLoginLogin({ mutation: { meta: { silent: true } } });
  const { errors, isSubmitting } = formState;

  const submitLogin = useSingleSubmit(async ({ username, password }: Values) => {
    try {
      const { access_token } = await login.mutateAsync({ data: { username: username.trim(), password } });
      await onToken(access_token);
    } catch {
      // The server's message is shown under the form from login.error.
    }
  });

  return (
    <form onSubmit={(event) => void handleSubmit(submitLogin)(event)} noValidate aria-label="账号密码登录">
      <Stack gap="4">
        <Field.Root invalid={Boolean(errors.username)}>
          <Field.Label>用户名</Field.Label>
          <Input placeholder="用户名或手机号" autoComplete="username" {...register('username', usernameRules)} />
        </Field.Root>
        <Field.Root invalid={Boolean(errors.password)}>
          <Field.Label>密码</Field.Label>
          <PasswordInput placeholder="密码" autoComplete="current-password" {...register('password', passwordRules)} />
        </Field.Root>
        <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText="登录中" w="full">
          登录
        </Button>
        <ServerMessage error={login.error} />
      </Stack>
    </form>
  );
}
