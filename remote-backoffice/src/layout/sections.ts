import type { StaffRole } from '@cgg/contracts/staff';

/** Where the shell mounts the back office (its route table's `/admin/*`): links here are absolute, as relative ones inside a splat route resolve against the whole URL. */
export const ADMIN_BASE = '/admin';

/** The back office's screens, each with the roles the API lets make its calls (the server checks again). */
export type SectionPath = 'competitions' | 'fulfilment' | 'coupons' | 'customers' | 'reviews' | 'refunds' | 'complaints' | 'chat' | 'content' | 'staff' | 'audit' | 'jobs' | 'payments';

export interface Section {
  path: SectionPath;
  label: string;
  roles: readonly StaffRole[];
}

export const sections: readonly Section[] = [
  { path: 'competitions', label: 'Competitions', roles: ['admin', 'operator', 'support'] },
  { path: 'fulfilment', label: 'Fulfilment', roles: ['admin', 'operator'] },
  { path: 'coupons', label: 'Coupons', roles: ['admin', 'operator'] },
  { path: 'customers', label: 'Customers', roles: ['admin', 'support'] },
  { path: 'reviews', label: 'Reviews', roles: ['admin', 'support'] },
  { path: 'refunds', label: 'Refunds', roles: ['admin', 'support'] },
  // UK prize-draw code, clause 1.2: the people who talk to customers answer their complaints.
  { path: 'complaints', label: 'Complaints', roles: ['admin', 'support'] },
  // Moderating the community chat: the people who talk to customers.
  { path: 'chat', label: 'Chat', roles: ['admin', 'support'] },
  { path: 'content', label: 'Site content', roles: ['admin'] },
  { path: 'staff', label: 'Staff', roles: ['admin'] },
  { path: 'audit', label: 'Audit log', roles: ['admin'] },
  // The job queue's dead-letter list, each job retried from there or the CLI.
  { path: 'jobs', label: 'Failed jobs', roles: ['admin'] },
  // What reconciliation flagged between the payment provider and our orders.
  { path: 'payments', label: 'Payment problems', roles: ['admin'] },
];

export const sectionHref = (s: Section): string => `${ADMIN_BASE}/${s.path}`;

export const sectionsFor = (role: StaffRole): Section[] => sections.filter((s) => s.roles.includes(role));

/** The section an address's first segment names, in any letter case (the router's matching ignores case too). */
export const sectionOf = (segment: string | undefined): Section | undefined => sections.find((s) => s.path === segment?.toLowerCase());
