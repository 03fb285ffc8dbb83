export type LockPeriod = '24h' | '7d' | '30d' | '6m' | 'permanent';

export const lockPeriods: { value: LockPeriod; label: string }[] = [
  { value: '24h', label: '24 hours' },
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
  { value: '6m', label: '6 months' },
  { value: 'permanent', label: 'Permanently' },
];
