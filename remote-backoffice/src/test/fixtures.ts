import type { StaffAccount, StaffMember } from '@cgg/contracts/staff';

export const admin: StaffMember = { id: 1, email: 'amy@cgg.test', name: 'Amy Admin', role: 'admin' };
export const support: StaffMember = { id: 2, email: 'sid@cgg.test', name: 'Sid Support', role: 'support' };
export const operator: StaffMember = { id: 3, email: 'olu@cgg.test', name: 'Olu Operator', role: 'operator' };

export const account = (m: StaffMember, over: Partial<StaffAccount> = {}): StaffAccount => ({
  ...m,
  refund_limit: null,
  second_factor: true,
  disabled: false,
  created_at: '2026-11-01T09:00:00.000Z',
  ...over,
});
