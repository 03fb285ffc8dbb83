/** How long a complaint has been open, as staff read it: 'under an hour', '5 hours', '3 days 5 hours'. */
export function openFor(hours: number): string {
  if (hours < 1) return 'under an hour';
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  const h = `${rest} ${rest === 1 ? 'hour' : 'hours'}`;
  if (days === 0) return h;
  const d = `${days} ${days === 1 ? 'day' : 'days'}`;
  return rest === 0 ? d : `${d} ${h}`;
}
