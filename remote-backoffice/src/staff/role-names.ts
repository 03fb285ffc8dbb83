import type { StaffRole } from '@cgg/contracts/staff';

export const roleNames: Record<StaffRole, string> = { admin: 'Admin', operator: 'Operator', support: 'Support' };
export const roles = Object.keys(roleNames) as StaffRole[];
