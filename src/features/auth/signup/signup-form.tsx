import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { useLoginRegister } from '@/api/gen/auth/auth';
import {
  PASSWORD_HINT,
  USERNAME_HINT,
  confirmPasswordRules,
  newPasswordRules,
  newUsernameRules,
  phoneRules,
} from '../password/field-rules';
import { PasswordInput } from '../password/password-input';
import { ServerMessage } from '../password/server-message';
import { useSingleSubmit } from '../password/use-single-submit';

type Values = { username: string; password: string; confirmPassword: string; phone: string };

/** Under a field: what it expects, or what is wrong with it (an empty required field is only marked red). */
function FieldNote({ hint, error }: { hint: string; error?: string }) {
  return error ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>{hint}</Field.HelperText>;
}

/** Sign-up with username, password and an optional phone; the server answers with a token, as a login does. */
export function SignupForm({ onToken }: { onToken: (token: string) => Promise<unknown> }) {
  const { register, handleSubmit, formState } = useForm<Values>({
    mode: 'onBlur',
    defaultValues: { username: '', password: '', confirmPassword: '', phone: '' },
  });
  const signup = useLoginRegister({ mutation: { meta: { silent: true } } });
  const { errors, isSubmitting } = formState;

  const submitSignup = useSingleSubmit(async ({ username, password, phone }: Values) => {
    const trimmedPhone = phone.trim();
    try {
      const { access_token } = await signup.mutateAsync({
        data: { username: username.trim(), password, ...(trimmedPhone ? { phone: trimmedPhone } : {}) },
      });
      await onToken(access_token);
    } catch {
      // The server's message (taken name, registration closed, …) is shown under the form from signup.error.
    }
  });

  return (
    <form onSubmit={(event) => void handleSubmit(submitSignup)(event)} noValidate aria-label="注册账号">
      <Stack gap="3">
        <Field.Root invalid={Boolean(errors.username)}>
          <Field.Label>用户名</Field.Label>
          <Input autoComplete="username" {...register('username', newUsernameRules)} />
          <FieldNote hint={USERNAME_HINT} error={errors.username?.message} />
        </Field.Root>
        <Field.Root invalid={Boolean(errors.password)}>
          <Field.Label>密码</Field.Label>
          <PasswordInput autoComplete="new-password" {...register('password', newPasswordRules)} />
          <FieldNote hint={PASSWORD_HINT} error={errors.password?.message} />
        </Field.Root>
        <Field.Root invalid={Boolean(errors.confirmPassword)}>
          <Field.Label>确认密码</Field.Label>
          <PasswordInput autoComplete="new-password" {...register('confirmPassword', confirmPasswordRules)} />
          {errors.confirmPassword?.message && <Field.ErrorText>{errors.confirmPassword.message}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={Boolean(errors.phone)}>
          <Field.Label>手机号（选填）</Field.Label>
          <Input type="tel" inputMode="numeric" autoComplete="tel-national" {...register('phone', phoneRules)} />
          <FieldNote hint="填写后也可用手机号登录" error={errors.phone?.message} />
        </Field.Root>
        <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText="注册中" w="full">
          注册并登录
        </Button>
        <ServerMessage error={signup.error} />
      </Stack>
    </form>
  );
}
