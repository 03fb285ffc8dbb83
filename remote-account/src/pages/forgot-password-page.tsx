import { AccountRoot } from '../components/account-root.tsx';
import { ForgotPasswordForm } from '../auth/forgot-password-form.tsx';

/** Exposed as `./ForgotPasswordPage`. */
export default function ForgotPasswordPage() {
  return (
    <AccountRoot>
      <ForgotPasswordForm />
    </AccountRoot>
  );
}
