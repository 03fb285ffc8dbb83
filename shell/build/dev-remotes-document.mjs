import { remotesDocument } from '../server/remotes-document.mjs';

/**
 * For `rspack serve`: the same uncached GET /remotes.json as the production server, built from the
 * environment, so the dev shell finds the remotes where they run.
 * @param {NodeJS.ProcessEnv} env
 */
export function devRemotesDocument(env) {
  return {
    name: 'cgg-remotes-document',
    middleware(req, res, next) {
      if (new URL(req.url ?? '/', 'http://dev.invalid').pathname !== '/remotes.json') return next();
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Cache-Control', 'no-cache');
      res.end(JSON.stringify(remotesDocument(env)));
    },
  };
}
