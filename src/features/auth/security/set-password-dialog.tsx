import { Field } from '@chakra-ui/react';
import { useForm } from 'react-hook-form';
import { useAccountInfoSetPassword } from '@/api/gen/auth/auth';
import { notify } from '@/components/ui/toaster';
import { PASSWORD_HINT, confirmPasswordRules, newPasswordRulesFor } from '../password/field-rules';
import { PasswordInput } from '../password/password-input';
import { SecurityDialog } from './security-dialog';
import { useAccountUpdate } from './use-account-update';

type Values = { password: string; confirmPassword: string };

/** A first password for an account that has none (a QR sign-up): from then on the login name and it sign in anywhere. */
export function SetPasswordDialog({ loginName, onClose }: { loginName: string; onClose: () => void }) {
  const { register, handleSubmit, formState } = useForm<Values>({ mode: 'onBlur', defaultValues: { password: '', confirmPassword: '' } });
  const setPassword = useAccountInfoSetPassword({ mutation: { meta: { silent: true } } });
  const { accountChanged } = useAccountUpdate();
  const save = async ({ password }: Values) => {
    accountChanged(await setPassword.mutateAsync({ data: { password } }));
    notify.success(`已设置密码，现在可以用登录名 ${loginName} 加密码登录`);
    onClose();
  };
  return (
    <SecurityDialog
      title="设置登录密码"
      submitLabel="设置密码"
      busy={setPassword.isPending}
      error={setPassword.error}
      onSubmit={(event) => void handleSubmit(save)(event).catch(() => undefined)}
      onClose={onClose}
    >
      <Field.Root invalid={Boolean(formState.errors.password)}>
        <Field.Label>新密码</Field.Label>
        <PasswordInput autoComplete="new-password" {...register('password', newPasswordRulesFor({ username: loginName }))} />
        {formState.errors.password?.message ? <Field.ErrorText>{formState.errors.password.message}</Field.ErrorText> : <Field.HelperText>{PASSWORD_HINT}</Field.HelperText>}
      </Field.Root>
      <Field.Root invalid={Boolean(formState.errors.confirmPassword)}>
        <Field.Label>确认新密码</Field.Label>
        <PasswordInput autoComplete="new-password" {...register('confirmPassword', confirmPasswordRules)} />
        {formState.errors.confirmPassword?.message && <Field.ErrorText>{formState.errors.confirmPassword.message}</Field.ErrorText>}
      </Field.Root>
    </SecurityDialog>
  );
}
