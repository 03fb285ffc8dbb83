// Rspack build of the back-office remote (Module Federation name `backoffice`). The shell loads it
// only under /admin; its screens are split further, so a visitor to /admin downloads the sign-in
// form alone until a staff member has signed in.
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '@cgg/build-kit/remote-config';

export default remoteConfig({
  name: 'backoffice',
  dir: fileURLToPath(new URL('.', import.meta.url)),
  exposes: {
    './BackOffice': './src/back-office.tsx',
  },
  port: Number(process.env.BACKOFFICE_PORT ?? 3004),
});
