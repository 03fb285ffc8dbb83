import { Outlet } from 'react-router-dom';

/**
 * The back office's frame: none of the shop's own parts (announcement, header widgets, footer,
 * cookie banner, instant-win pop-up, site scripts), so staff pages load nothing a shopper's do
 * and shop settings cannot change them.
 */
export function StaffLayout() {
  return (
    <div className="sh-app sh-app--staff">
      <a className="sh-skip-link" href="#sh-main">
        Skip to content
      </a>
      <main id="sh-main" className="sh-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
