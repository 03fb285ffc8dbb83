import { ComingSoonPage } from './coming-soon-page.tsx';

/** Exposed as `./ResetPasswordPage`. */
export default function ResetPasswordPage() {
  return <ComingSoonPage title="Reset password" intro="Choose a new password for your account." />;
}
