/** The inline script that holds taps before hydration (early-taps.mjs). */
export declare const EARLY_TAPS_SCRIPT: string;
