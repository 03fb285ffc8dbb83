import { ComingSoonPage } from './coming-soon-page.tsx';

/** Exposed as `./ForgotPasswordPage`. */
export default function ForgotPasswordPage() {
  return <ComingSoonPage title="Forgot password" intro="Enter your email and we will send you a link to reset your password." />;
}
