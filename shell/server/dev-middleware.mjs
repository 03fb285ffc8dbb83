import { isApiRequest, proxyToApi } from './api-proxy.mjs';
import { defaultApiUrl } from './create-server.mjs';
import { remotesDocument } from './remotes-document.mjs';

/** For `rspack serve`: the same /remotes.json and API forwarding as the production server. */
export function createDevApiMiddleware(env = process.env) {
  const apiUrl = env.API_URL || defaultApiUrl;
  return (req, res, next) => {
    if (isApiRequest(req.url)) return proxyToApi(req, res, apiUrl);
    if (new URL(req.url ?? '/', 'http://dev.invalid').pathname === '/remotes.json') {
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Cache-Control', 'no-cache');
      res.end(JSON.stringify(remotesDocument(env)));
      return;
    }
    next();
  };
}
