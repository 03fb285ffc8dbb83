/**
 * A tap on the server's HTML before the app has hydrated it would be lost: a button's handler is
 * not attached yet, and a form would be sent as a page load of its own. This script, inline in the
 * head of every server-rendered page (so it runs before anything can be tapped), holds such taps:
 * the click or the submit goes no further, and is noted. Once the page the visitor came for has
 * hydrated, the app does each again, in order, and holding stops (src/app/early-taps.ts).
 * Links are left alone: they work without the app. Where React rendered a part of the page afresh
 * instead of hydrating it (an update reached it before its code had loaded), the element held is no
 * longer on the page: onPage finds the one that took its place (same tag, and the same id, label or
 * text), or none when it is gone or more than one could be it. It lives here, in the page's HTML,
 * beside what it finds, rather than in the first screen's scripts.
 */
export const EARLY_TAPS_SCRIPT = `(function () {
  var early = (window.__cggEarlyTaps = { done: false, taps: [] });
  function hold(event) {
    if (early.done) return;
    if (event.type === 'submit') {
      early.taps.push({ form: event.target, submitter: event.submitter || null });
    } else {
      var button = event.target.closest && event.target.closest('button, [role="button"]');
      if (!button || button.disabled || button.closest('a')) return;
      // A form's submit button: the submit event that follows is what is held.
      if (button.form && button.type === 'submit') return;
      early.taps.push({ button: button });
    }
    event.preventDefault();
    event.stopImmediatePropagation();
  }
  function key(e) { return e.id || e.getAttribute('aria-label') || e.textContent; }
  early.onPage = function (e) {
    if (!e || e.isConnected) return e || null;
    var same = [].filter.call(document.getElementsByTagName(e.tagName), function (x) { return key(x) === key(e); });
    return key(e) && same.length === 1 ? same[0] : null;
  };
  document.addEventListener('click', hold, true);
  document.addEventListener('submit', hold, true);
})();`;
