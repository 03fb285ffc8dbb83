import { z } from 'zod/mini';

/**
 * What a back-office editor started from: the fields it sends, as it loaded them. The API refuses
 * the save (409 CHANGED_MEANWHILE) when any of them is no longer what is stored, so two people
 * editing the same section never overwrite each other without knowing. Optional: a back office
 * built before it saves as before (last writer wins).
 */
export const editBase = () => z.optional(z.record(z.string(), z.unknown()));

export const CHANGED_MEANWHILE = {
  code: 'cgg_changed_meanwhile',
  message: 'Someone else saved this after you opened it, so your changes were not saved. Reload the page to see theirs, then make your change again (what you typed is still here to copy).',
} as const;

/** The same refusal of a removal: nothing was typed, and nothing was removed. */
export const CHANGED_BEFORE_REMOVAL = {
  code: CHANGED_MEANWHILE.code,
  message: 'Someone else changed this after you opened it, so it was not removed. Reload the page to see their change, then remove it if you still want to.',
} as const;
