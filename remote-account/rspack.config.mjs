// Rspack build of the account remote (Module Federation name `account`). Everything but what it
// exposes and its port comes from @cgg/build-kit, so every team shares the same singletons and
// federation options.
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '@cgg/build-kit/remote-config';

export default remoteConfig({
  name: 'account',
  dir: fileURLToPath(new URL('.', import.meta.url)),
  exposes: {
    './LoginPage': './src/pages/login-page.tsx',
    './SignUpPage': './src/pages/sign-up-page.tsx',
    './ForgotPasswordPage': './src/pages/forgot-password-page.tsx',
    './ResetPasswordPage': './src/pages/reset-password-page.tsx',
    './LoginAsUserPage': './src/pages/login-as-user-page.tsx',
    './AccountPage': './src/pages/account-page.tsx',
    './AccountMenu': './src/account-menu/account-menu.tsx',
  },
  port: Number(process.env.ACCOUNT_PORT ?? 3003),
});
