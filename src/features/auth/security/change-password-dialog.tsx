import { Field, Text } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { useAccountInfoChangePassword } from '@/api/gen/auth/auth';
import { notify } from '@/components/ui/toaster';
import { PASSWORD_HINT, confirmPasswordRules, newPasswordRulesFor, passwordRules } from '../password/field-rules';
import { PasswordInput } from '../password/password-input';
import { SecurityDialog } from './security-dialog';
import { useAccountUpdate } from './use-account-update';

type Values = { oldPassword: string; password: string; confirmPassword: string };

/** A new password for the old one; every other device then has to sign in again with it. */
export function ChangePasswordDialog({ account, onClose }: { account: { loginName: string; phone?: string | null }; onClose: () => void }) {
  const { register, handleSubmit, formState } = useForm<Values>({
    mode: 'onBlur',
    defaultValues: { oldPassword: '', password: '', confirmPassword: '' },
  });
  const change = useAccountInfoChangePassword({ mutation: { meta: { silent: true } } });
  const { sessionsChanged } = useAccountUpdate();
  const save = async ({ oldPassword, password }: Values) => {
    const { signedOutSessions } = await change.mutateAsync({ data: { oldPassword, newPassword: password } });
    await sessionsChanged();
    notify.success(signedOutSessions > 0 ? `密码已修改，其他 ${signedOutSessions} 台设备已退出登录` : '密码已修改');
    onClose();
  };
  const { errors } = formState;
  return (
    <SecurityDialog
      title="修改登录密码"
      submitLabel="修改密码"
      busy={change.isPending}
      error={change.error}
      onSubmit={(event) => void handleSubmit(save)(event).catch(() => undefined)}
      onClose={onClose}
    >
      <Field.Root invalid={Boolean(errors.oldPassword)}>
        <Field.Label>原密码</Field.Label>
        <PasswordInput autoComplete="current-password" {...register('oldPassword', passwordRules)} />
      </Field.Root>
      <Field.Root invalid={Boolean(errors.password)}>
        <Field.Label>新密码</Field.Label>
        <PasswordInput autoComplete="new-password" {...register('password', newPasswordRulesFor({ username: account.loginName, phone: account.phone }))} />
        {errors.password?.message ? <Field.ErrorText>{errors.password.message}</Field.ErrorText> : <Field.HelperText>{PASSWORD_HINT}</Field.HelperText>}
      </Field.Root>
      <Field.Root invalid={Boolean(errors.confirmPassword)}>
        <Field.Label>确认新密码</Field.Label>
        <PasswordInput autoComplete="new-password" {...register('confirmPassword', confirmPasswordRules)} />
        {errors.confirmPassword?.message && <Field.ErrorText>{errors.confirmPassword.message}</Field.ErrorText>}
      </Field.Root>
      <Text fontSize="sm" color="gray.600">
        修改后，这台设备保持登录；其他设备和浏览器上的登录都会退出，需要用新密码重新登录；扫码登录过的手机下次扫码也要输入新密码确认。
      </Text>
    </SecurityDialog>
  );
}
