-- Bumped by every saved edit of a competition (src/competitions/competition-writer.ts), never by a
-- sale: the back office's editor sends the version it opened, and a save made over someone else's
-- meanwhile is refused (409 cgg_competition_changed) instead of silently writing back the values its
-- form still held.
ALTER TABLE competitions ADD COLUMN edit_version integer NOT NULL DEFAULT 1;
