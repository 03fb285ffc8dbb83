import type { Settings } from '@cgg/contracts';

/** The operator's announcement (settings.announcement) above the header; nothing when empty. */
export function AnnouncementBar({ settings }: { settings: Settings | undefined }) {
  const text = settings?.announcement.trim();
  if (!text) return null;
  return (
    <aside className="sh-announcement" aria-label="Announcement">
      <p className="sh-announcement__text">{text}</p>
    </aside>
  );
}
