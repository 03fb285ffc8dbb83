import { AccountRoot } from '../components/account-root.tsx';
import { ResetPasswordForm } from '../auth/reset-password-form.tsx';

/** Exposed as `./ResetPasswordPage`. */
export default function ResetPasswordPage() {
  return (
    <AccountRoot>
      <ResetPasswordForm />
    </AccountRoot>
  );
}
