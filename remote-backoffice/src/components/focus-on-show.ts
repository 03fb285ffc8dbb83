/**
 * A ref that focuses its element as it appears: for what replaces the button that had the focus
 * (a confirmation's question), so the focus is not dropped to the page's top and a screen reader
 * reads it. Module-level, so React calls it once on mount, not on every render.
 */
export const focusOnShow = (element: HTMLElement | null): void => element?.focus();
