import type { StaffRole } from '@cgg/contracts/staff';

/** Where the shell mounts the back office (its route table's `/admin/*`): links here are absolute, as relative ones inside a splat route resolve against the whole URL. */
export const ADMIN_BASE = '/admin';

/** The back office's screens, each with the roles the API lets make its calls (the server checks again). */
export interface Section {
  path: string;
  label: string;
  roles: readonly StaffRole[];
  summary: string;
}

export const sections: readonly Section[] = [
  { path: 'competitions', label: 'Competitions', roles: ['admin', 'operator', 'support'], summary: 'Each competition\'s entries, their CSV export, and live draws with their proof.' },
  { path: 'fulfilment', label: 'Fulfilment', roles: ['admin', 'operator'], summary: 'Prize claims to send, pay or credit, oldest first.' },
  { path: 'customers', label: 'Customers', roles: ['admin', 'support'], summary: 'Find a customer; their orders, wins, claims, balances, limits and breaks; notes and adjustments.' },
  { path: 'refunds', label: 'Refunds', roles: ['admin', 'support'], summary: 'Refund an order to the card it was paid with, whole or in part.' },
  { path: 'staff', label: 'Staff', roles: ['admin'], summary: 'Add staff members, change their roles and refund limits, disable accounts.' },
  { path: 'audit', label: 'Audit log', roles: ['admin'], summary: 'Every staff action: who, when, what, before and after.' },
];

export const sectionHref = (s: Section): string => `${ADMIN_BASE}/${s.path}`;

export const sectionsFor = (role: StaffRole): Section[] => sections.filter((s) => s.roles.includes(role));
