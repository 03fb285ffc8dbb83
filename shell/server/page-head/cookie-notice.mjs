import { CONSENT_COOKIE } from '../../src/cookies/consent-cookie.ts';

/**
 * A server-rendered page's HTML, the same for every visitor, carries the cookie banner, so for a
 * visitor still to be asked it is on the screen from the first paint. Added only once the app had
 * started, it appeared over whatever was at the bottom of the screen a second or more after the page
 * looked ready, where a thumb may have been on its way. This script, inline in the head (it runs
 * before the first paint), says whether this visitor is still to be asked: layout.css shows a
 * server-rendered page's banner only then. A visitor without JavaScript could never dismiss it, so
 * it stays hidden for them.
 */
export const COOKIE_NOTICE_SCRIPT = `if (!/(?:^|;\\s*)${CONSENT_COOKIE}=/.test(document.cookie)) document.documentElement.setAttribute('data-cookie-notice', 'due');`;
