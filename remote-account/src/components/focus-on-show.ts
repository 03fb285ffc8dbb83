/**
 * A ref that focuses its element as it appears: for what replaces the form (and its focused
 * button) after a submit, so the focus is not dropped to the page's top and a screen reader reads
 * the outcome. Module-level, so React calls it once on mount, not on every render.
 */
export const focusOnShow = (element: HTMLElement | null): void => element?.focus();
