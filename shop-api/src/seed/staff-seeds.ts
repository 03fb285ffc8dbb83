import type pg from 'pg';
import { createStaff } from '../staff/staff-accounts.ts';

/** The local demo's back-office admin (README "Trying it"); its first sign-in enrols an authenticator app. */
export const DEMO_ADMIN = { email: 'admin@cgg.test', password: 'Admin!Pass2026', name: 'Demo Admin' } as const;

export async function seedDemoAdmin(client: pg.PoolClient, now: Date): Promise<void> {
  await createStaff(client, { ...DEMO_ADMIN, role: 'admin', by: { staffId: null, actor: 'demo seed' }, now });
}
