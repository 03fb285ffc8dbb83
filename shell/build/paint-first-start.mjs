/**
 * The page is painted before the app starts. HtmlRspackPlugin writes the start-up script as
 * `<script defer src>`, which the browser runs as soon as the HTML is parsed and the styles are
 * in, before its first paint: with `main.js` already there (cached, or a fast line), the
 * server-rendered page stayed blank while the federation runtime started and fetched the shared
 * libraries (100-200 ms on a phone). This turns it into a preload (fetched as early, at the same
 * low priority) and a small inline script that adds it just after the first paint (the next
 * task after a frame). A hidden page (a background tab, a prerender) paints no frame: it starts
 * at once. The server puts the page's nonce on the inline script like on every other one.
 */
export function startScript(src) {
  return `(function(src){function start(){var s=document.createElement('script');s.src=src;document.body.appendChild(s)}if(document.visibilityState==='visible'&&window.requestAnimationFrame)requestAnimationFrame(function(){setTimeout(start,0)});else start()})(${JSON.stringify(src)})`;
}

/** index.html's deferred start-up scripts as preloads plus the paint-first start (see above). */
export function paintFirstStart(html) {
  return html.replace(/<script defer(?:="")? src="([^"]+)"><\/script>/g, (_tag, src) => `<link rel="preload" as="script" href="${src}" fetchpriority="low"><script>${startScript(src)}</script>`);
}

export class PaintFirstStartPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('PaintFirstStartPlugin', (compilation) => {
      compiler.rspack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tapPromise('PaintFirstStartPlugin', async (data) => {
        const html = paintFirstStart(data.html);
        if (html === data.html) throw new Error('PaintFirstStartPlugin: no deferred start-up script found in index.html');
        return { ...data, html };
      });
    });
  }
}
