/**
 * Plain `.css` imports through rspack's built-in CSS support (no loaders); `*.module.css` would be
 * CSS modules. Class names stay global, so each app prefixes its own (`sh-`, `cat-`, `cc-`, `acc-`).
 * @type {import('@rspack/core').RuleSetRule}
 */
export const cssRule = { test: /\.css$/, type: 'css/auto' };
