import { AccountRoot } from '../components/account-root.tsx';
import { LoginForm } from '../auth/login-form.tsx';

/** Exposed as `./LoginPage`. */
export default function LoginPage() {
  return (
    <AccountRoot>
      <LoginForm />
    </AccountRoot>
  );
}
