import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLoginLogin } from '@/api/gen/auth/auth';

type Values = { username: string; password: string };

const CAPS_LOCK_WARNING = '大写锁定已打开';

/** The spec's caps-lock check: the last key typed was an uppercase letter. */
function isCapsLockKey(key: string): boolean {
  return key.length === 1 && key >= 'A' && key <= 'Z';
}

export function PasswordForm({ onToken }: { onToken: (token: string) => Promise<unknown> }) {
  const { register, handleSubmit, formState } = useForm<Values>({ mode: 'onBlur', defaultValues: { username: '', password: '' } });
  const login = useLoginLogin({ mutation: { meta: { silent: true } } });
  // The button shows formState.isSubmitting; the ref also stops a second submit before that renders.
  const inFlight = useRef(false);
  const [capsLock, setCapsLock] = useState(false);
  const { errors, isSubmitting } = formState;

  const submitLogin = async ({ username, password }: Values) => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const { access_token } = await login.mutateAsync({ params: { username: username.trim(), password } });
      await onToken(access_token);
    } catch {
      // The server's message is shown under the form from login.error.
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(submitLogin)(event)} noValidate aria-label="账号密码登录">
      <Stack gap="4">
      <Field.Root invalid={Boolean(errors.username)}>
        <Field.Label>用户名</Field.Label>
        <Input
          placeholder="用户名或手机号"
          autoComplete="username"
          {...register('username', { validate: (value) => value.trim().length > 0 })}
        />
      </Field.Root>
      <Field.Root invalid={Boolean(errors.password)}>
        <Field.Label>密码</Field.Label>
        <Input
          type="password"
          placeholder="密码"
          autoComplete="current-password"
          onKeyUp={(event) => setCapsLock(isCapsLockKey(event.key))}
          {...register('password', { required: true })}
        />
        {capsLock && (
          <Text fontSize="xs" color="orange.600" role="status">
            {CAPS_LOCK_WARNING}
          </Text>
        )}
      </Field.Root>
      <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText="登录中" w="full">
        登录
      </Button>
      {login.error && (
        <Text color="red.500" fontSize="sm" role="alert">
          {login.error.message}
        </Text>
      )}
      </Stack>
    </form>
  );
}
