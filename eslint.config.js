// One lint config for the workspace. Besides the usual checks it holds the rule
// that keeps the teams' apps independent: a remote never imports another remote or
// the shell, and no front end imports the API's code (docs/decisions.md#composition-at-run-time). Build code
// (@cgg/build-kit) is build time only: no front end's src/ imports it, and it imports
// no team's package.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const packages = ['shell', 'remote-catalogue', 'remote-cart-checkout', 'remote-account', 'remote-backoffice', 'shop-api'];

/** Import patterns that reach into another package's files, relative or by name. */
function foreignPackagePatterns(own) {
  return packages
    .filter((p) => p !== own)
    .flatMap((p) => [`**/${p}/**`, `**/${p}`, `@cgg/${p}`, `@cgg/${p}/**`]);
}

const frontEnds = ['shell', 'remote-catalogue', 'remote-cart-checkout', 'remote-account', 'remote-backoffice'];

function foreignPackageGroup(own) {
  return {
    group: foreignPackagePatterns(own),
    message: `${own} may not import another team's package: share through @cgg/contracts or an event.`,
  };
}

const buildKitGroup = {
  group: ['@cgg/build-kit', '@cgg/build-kit/**', '**/build-kit', '**/build-kit/**'],
  message: '@cgg/build-kit is build time only (rspack configs): browser code may not import it.',
};

function restrictedImports(files, patterns) {
  return { files, rules: { 'no-restricted-imports': ['error', { patterns }] } };
}

function boundaryRule(own) {
  return restrictedImports([`${own}/**/*.{ts,tsx,js,mjs}`], [foreignPackageGroup(own)]);
}

// A later entry replaces an earlier one's options for the files both match, so src/
// repeats the team boundary next to the build-kit ban.
function browserCodeRule(own) {
  return restrictedImports([`${own}/src/**/*.{ts,tsx,js,mjs}`], [foreignPackageGroup(own), buildKitGroup]);
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.e2e-rebuild-*/**', '.tools/**', '.data/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Tests and their kits read loosely typed JSON answers; production code may not.
    files: ['**/*.test.{ts,tsx}', '**/*test-kit*.ts', '**/test/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  ...[...packages, 'build-kit'].map(boundaryRule),
  ...frontEnds.map(browserCodeRule),
);
