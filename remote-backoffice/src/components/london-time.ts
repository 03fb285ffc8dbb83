const londonTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', dateStyle: 'medium', timeStyle: 'short' });
const londonTimeWithSeconds = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', dateStyle: 'medium', timeStyle: 'medium' });

/** An instant as the shop's staff read it: London wall time ('1 Jul 2026, 12:30'). */
export const inLondon = (iso: string, withSeconds = false): string => (withSeconds ? londonTimeWithSeconds : londonTime).format(new Date(iso));

const wallParts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** An instant as a datetime-local input's value in London wall time ('2026-07-01T12:30'), as the editor's fields hold it. */
export function londonInputValue(at: Date): string {
  const part = Object.fromEntries(wallParts.formatToParts(at).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}`;
}
