import { ComingSoonPage } from './coming-soon-page.tsx';

/** Exposed as `./LoginAsUserPage`. */
export default function LoginAsUserPage() {
  return <ComingSoonPage title="Login as user" intro="Support access to a customer account." />;
}
