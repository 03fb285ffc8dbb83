/** The cookie banner's height, on the document, for what sits at the bottom of the screen above it (the instant-win pop-up). */
export const COOKIE_BANNER_HEIGHT = '--sh-cookie-banner-height';

/**
 * A ref callback that keeps `property` on the document's root set to the element's height while it
 * is on the page (it follows its text wrapping on a turned phone), and removes it with the element.
 * A variable rather than a fixed offset: the banner is one line on a desktop and five on a phone.
 */
export function publishHeightAs(property: string) {
  return (element: HTMLElement | null) => {
    if (!element) return;
    const root = document.documentElement.style;
    const publish = () => root.setProperty(property, `${element.offsetHeight}px`);
    publish();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(publish) : null;
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.removeProperty(property);
    };
  };
}
