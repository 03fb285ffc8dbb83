import { AccountRoot } from '../components/account-root.tsx';
import { LoginAsUserScreen } from '../auth/login-as-user-screen.tsx';

/** Exposed as `./LoginAsUserPage`. */
export default function LoginAsUserPage() {
  return (
    <AccountRoot>
      <LoginAsUserScreen />
    </AccountRoot>
  );
}
