import { remotesDocument } from '../server/remotes-document.mjs';
import { runtimeConfig } from '../server/runtime-config.mjs';

/**
 * For `rspack serve`: the same uncached GET /remotes.json as the production server, built from the
 * environment, so the dev shell finds the remotes where they run.
 * @param {NodeJS.ProcessEnv} env
 */
export function devRemotesDocument(env) {
  return {
    name: 'cgg-remotes-document',
    middleware(req, res, next) {
      const pathname = new URL(req.url ?? '/', 'http://dev.invalid').pathname;
      // /runtime-config.json too: the live instant-win pop-up's database.
      const document = pathname === '/remotes.json' ? remotesDocument(env) : pathname === '/runtime-config.json' ? runtimeConfig(env) : null;
      if (!document) return next();
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Cache-Control', 'no-cache');
      res.end(JSON.stringify(document));
    },
  };
}
