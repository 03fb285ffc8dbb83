const londonTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', dateStyle: 'medium', timeStyle: 'short' });
const londonTimeWithSeconds = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', dateStyle: 'medium', timeStyle: 'medium' });

/** An instant as the shop's staff read it: London wall time ('1 Jul 2026, 12:30'). */
export const inLondon = (iso: string, withSeconds = false): string => (withSeconds ? londonTimeWithSeconds : londonTime).format(new Date(iso));
