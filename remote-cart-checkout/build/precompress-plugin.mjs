import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const compressible = /\.(js|mjs|css|html|json|svg)$/;

/**
 * Emits .gz and .br next to each text asset at build time, so the shell server
 * (sirv with gzip/brotli) sends a phone compressed files without compressing on
 * every request. Rspack has no built-in compression plugin.
 */
export class PrecompressPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        (assets) => {
          for (const [name, source] of Object.entries(assets)) {
            if (!compressible.test(name)) continue;
            const body = Buffer.from(source.buffer());
            if (body.length < 512) continue;
            compilation.emitAsset(`${name}.gz`, new sources.RawSource(gzipSync(body, { level: 9 })));
            compilation.emitAsset(
              `${name}.br`,
              new sources.RawSource(brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })),
            );
          }
        },
      );
    });
  }
}
