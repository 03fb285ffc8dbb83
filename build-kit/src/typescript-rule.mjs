/** Browsers the site supports; swc compiles syntax down to what they all run. */
export const browserTargets = 'chrome >= 100, safari >= 15, firefox >= 100, edge >= 100';

/** What `resolve.extensions` needs so imports without an extension find TS sources. */
export const sourceExtensions = ['.tsx', '.ts', '.jsx', '.js', '.mjs'];

/**
 * TS/TSX through rspack's built-in swc (no type checking: `tsc --noEmit` does that).
 * @param {{ development: boolean }} options development: React's dev JSX transform
 * @returns {import('@rspack/core').RuleSetRule}
 */
export function typescriptRule({ development }) {
  return {
    test: /\.[cm]?tsx?$/,
    // @cgg/contracts is TypeScript source in the workspace (linked under node_modules/@cgg): compile it too.
    exclude: /node_modules[\\/](?!@cgg)/,
    loader: 'builtin:swc-loader',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development } },
      },
      env: { targets: browserTargets },
    },
    type: 'javascript/auto',
  };
}
