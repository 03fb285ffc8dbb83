import { AccountRoot } from '../components/account-root.tsx';
import { SignUpForm } from '../auth/sign-up-form.tsx';

/** Exposed as `./SignUpPage`. */
export default function SignUpPage() {
  return (
    <AccountRoot>
      <SignUpForm />
    </AccountRoot>
  );
}
