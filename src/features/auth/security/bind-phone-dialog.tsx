import { Field, Input, Text } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { useAccountInfoBindPhone } from '@/api/gen/auth/auth';
import { notify } from '@/components/ui/toaster';
import { PHONE_HINT, PHONE_PATTERN, passwordRules } from '../password/field-rules';
import { PasswordInput } from '../password/password-input';
import { SecurityDialog } from './security-dialog';
import { useAccountUpdate } from './use-account-update';

type Values = { phone: string; password: string };

/** This instance sends no SMS: what binding a phone means here, said before the student binds one. */
export const UNVERIFIED_PHONE_NOTE =
  '本站没有短信服务，不发送验证码：手机号只作为第二个登录名，和登录密码一起使用（标为“未验证”），不能用来找回密码。';

/** Binds (or replaces) the phone, confirmed with the account's password. */
export function BindPhoneDialog({ current, onClose }: { current: string | null; onClose: () => void }) {
  const { register, handleSubmit, formState } = useForm<Values>({ mode: 'onBlur', defaultValues: { phone: '', password: '' } });
  const bind = useAccountInfoBindPhone({ mutation: { meta: { silent: true } } });
  const { accountChanged } = useAccountUpdate();
  const save = async ({ phone, password }: Values) => {
    const account = await bind.mutateAsync({ data: { phone: phone.trim(), password } });
    accountChanged(account);
    notify.success(`已绑定手机号 ${account.phone}，可用它加密码登录`);
    onClose();
  };
  const { errors } = formState;
  return (
    <SecurityDialog
      title={current ? '更换手机号' : '绑定手机号'}
      submitLabel={current ? '更换' : '绑定'}
      busy={bind.isPending}
      error={bind.error}
      onSubmit={(event) => void handleSubmit(save)(event).catch(() => undefined)}
      onClose={onClose}
    >
      <Text fontSize="sm" color="gray.600" data-testid="unverified-phone-note">
        {UNVERIFIED_PHONE_NOTE}
      </Text>
      <Field.Root invalid={Boolean(errors.phone)}>
        <Field.Label>手机号</Field.Label>
        <Input
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          {...register('phone', { validate: (value) => (value.trim() ? PHONE_PATTERN.test(value.trim()) || PHONE_HINT : false) })}
        />
        {errors.phone?.message && <Field.ErrorText>{errors.phone.message}</Field.ErrorText>}
      </Field.Root>
      <Field.Root invalid={Boolean(errors.password)}>
        <Field.Label>登录密码</Field.Label>
        <PasswordInput autoComplete="current-password" {...register('password', passwordRules)} />
        <Field.HelperText>确认是账号本人操作</Field.HelperText>
      </Field.Root>
    </SecurityDialog>
  );
}
