import { ComingSoonPage } from './coming-soon-page.tsx';

/** Exposed as `./LoginPage`. */
export default function LoginPage() {
  return <ComingSoonPage title="Login" intro="Sign in to see your tickets, orders and rewards." />;
}
