import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { buildApp } from '../app.ts';
import { prepareDatabase } from '../db/prepare.ts';
import { createBackgroundWork } from '../lib/background-work.ts';
import { createTestDatabase } from '../test/test-database.ts';

/** A clock tests move by hand. */
export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
}

export function testClock(start = new Date()): TestClock {
  let t = start.getTime();
  return { now: () => new Date(t), advance: (ms) => void (t += ms) };
}

export const call = (name: string): string => `/?rest_route=/api/v1/${name}`;
export const DEMO = { email: 'demo@cgg.test', password: 'Demo!Pass2026' };
export const SAM = { email: 'sam@cgg.test', password: 'Sam!Pass20261' };
export const NEW = { email: 'new@cgg.test', password: 'New!Pass20261' };

/** A migrated, seeded database and an app with a movable clock; logs captured when asked. */
export async function accountTestApp(options: { logs?: string[] } = {}) {
  const db = await createTestDatabase();
  const clock = testClock();
  await prepareDatabase(db.pool, { now: clock.now(), demoData: true });
  const background = createBackgroundWork();
  const app: FastifyInstance = buildApp({
    pool: db.pool,
    now: clock.now,
    background,
    siteUrl: 'http://shop.test',
    ...(options.logs ? { logLevel: 'info', logStream: { write: (line: string) => void options.logs!.push(line) } } : {}),
  });
  await app.ready();
  const post = (name: string, payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: call(name), headers: { 'content-type': 'application/json', ...headers }, payload: payload as object });
  const login = async (who: { email: string; password: string }, headers: Record<string, string> = {}): Promise<string> => {
    const res = await post('login', who, headers);
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    return res.json().data.token as string;
  };
  return {
    app,
    pool: db.pool as pg.Pool,
    clock,
    post,
    login,
    /** Waits for the work answers did not wait for (forgot_password's mail). */
    settled: () => background.settled(),
    close: async () => {
      await app.close();
      await db.drop();
    },
  };
}
