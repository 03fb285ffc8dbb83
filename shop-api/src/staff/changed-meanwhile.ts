import { CHANGED_MEANWHILE } from '@cgg/contracts/staff';
import { WpHttpError } from '../http/wp-error.ts';

/** JSON with object keys sorted, so two equal values read the same whatever order their keys came in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b))) : v);
}

/**
 * Refuses a back-office save (409 `cgg_changed_meanwhile`, nothing written) when a field the
 * editor started from (`base`: the fields as it loaded them) is no longer what is stored
 * (`current`: the same fields read now, under the section's lock, in the shape the editor loads).
 * Keys of `base` the section does not have are not fields, and are passed over. No `base` (a back
 * office built before it): the save goes ahead, as it always did.
 */
export function refuseIfChangedMeanwhile(
  current: object | undefined,
  base: Record<string, unknown> | undefined,
  refusal: { code: string; message: string } = CHANGED_MEANWHILE,
): void {
  if (!base || !current) return;
  const now = current as Record<string, unknown>;
  for (const [field, loaded] of Object.entries(base)) {
    if (!Object.hasOwn(now, field)) continue;
    if (canonical(now[field]) !== canonical(loaded)) throw new WpHttpError(409, refusal.code, refusal.message, { field });
  }
}
