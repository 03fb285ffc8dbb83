/** The inline script that marks a page whose visitor is still to be asked about cookies (cookie-notice.mjs). */
export declare const COOKIE_NOTICE_SCRIPT: string;
