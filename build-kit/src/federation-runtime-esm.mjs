import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * Module Federation's browser runtime as ES modules, so the bundler can drop what a build does
 * not use. rspack's federation plugin finds `@module-federation/webpack-bundler-runtime` with
 * `require.resolve`, i.e. its CommonJS build, and every package that one requires comes in whole
 * (the SDK's Node helpers, manifest code a remote never runs...). Pointing it and
 * `@module-federation/runtime` (which the plugin also names by its CommonJS file) at their ESM
 * twins makes the whole runtime ESM: their imports resolve with the `import` condition.
 * The CommonJS copy must not also be bundled (two copies of the runtime's module state), so the
 * aliases are exact (`$`) on the very paths the plugin writes.
 * @returns {Record<string, string>} `resolve.alias` entries
 */
export function federationRuntimeEsmAliases() {
  // The same chain of lookups the plugins make: enhanced -> its rspack plugin -> runtime-tools -> the bundler runtime.
  const rspackPlugin = createRequire(require.resolve('@module-federation/enhanced/rspack')).resolve('@module-federation/rspack');
  const runtimeTools = createRequire(rspackPlugin).resolve('@module-federation/runtime-tools');
  const fromRuntimeTools = createRequire(runtimeTools);
  const cjsFiles = [
    fromRuntimeTools.resolve('@module-federation/webpack-bundler-runtime'),
    fromRuntimeTools.resolve('@module-federation/runtime'),
    // The host's plugin that hands runtime-core to the remotes (provideExternalRuntime): ESM too,
    // or the host would carry a CommonJS runtime-core beside the ESM one.
    createRequire(rspackPlugin).resolve('@module-federation/inject-external-runtime-core-plugin'),
  ];
  return Object.fromEntries(cjsFiles.map((file) => [`${file}$`, file.replace(/\.cjs$/, '.js')]));
}
