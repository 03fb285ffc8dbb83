// Rspack build of the catalogue remote (Module Federation name `catalogue`). Everything but what it
// exposes and its port comes from @cgg/build-kit, so every team shares the same singletons and
// federation options.
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '@cgg/build-kit/remote-config';

export default remoteConfig({
  name: 'catalogue',
  dir: fileURLToPath(new URL('.', import.meta.url)),
  exposes: {
    './HomePage': './src/pages/home-page.tsx',
    './CompetitionListPage': './src/pages/competition-list-page.tsx',
    './CompetitionDetailsPage': './src/pages/competition-details-page.tsx',
    './DrawResultsPage': './src/pages/draw-results-page.tsx',
    './WinnersListPage': './src/pages/winners-list-page.tsx',
  },
  // The shell's server renders these pages through the remote's Node build (dist/server).
  serverRendered: true,
  port: Number(process.env.CATALOGUE_PORT ?? 3001),
  // The team's dev page is documented at http://127.0.0.1:3001/ and reloads rather than hot-swaps.
  devServer: { host: '127.0.0.1', hot: false },
});
