import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text files worth compressing; source maps are left out (only developer tools fetch them). */
const compressible = /\.(js|mjs|css|html|json|svg)$/;

/** Below this, a compressed copy saves less than its own headers cost. */
const minimumBytes = 512;

/**
 * The .gz and .br copies of one file, or none when it is not worth compressing.
 * @param {string} name asset name
 * @param {Buffer} body its content
 * @returns {Array<{ name: string, body: Buffer }>}
 */
export function compressedCopies(name, body) {
  if (!compressible.test(name) || body.length < minimumBytes) return [];
  return [
    { name: `${name}.gz`, body: gzipSync(body, { level: 9 }) },
    { name: `${name}.br`, body: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) },
  ];
}

/**
 * Emits .gz and .br next to each text asset at build time, so the static servers (sirv with
 * gzip/brotli) send a phone compressed files without compressing on every request. Rspack has no
 * built-in compression plugin. Runs at the report stage: after minifying, hashing and the
 * federation manifest, so it compresses the final bytes.
 */
export class PrecompressPlugin {
  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, (assets) => {
        for (const [name, source] of Object.entries(assets)) {
          for (const copy of compressedCopies(name, Buffer.from(source.buffer()))) {
            compilation.emitAsset(copy.name, new sources.RawSource(copy.body));
          }
        }
      });
    });
  }
}
