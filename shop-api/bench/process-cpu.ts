import { readdir, readFile } from 'node:fs/promises';

/** CPU seconds (user + system) so far of this process's descendants, by what they run. */
export interface CpuByRole {
  postgres: number;
  api: number;
  haproxy: number;
  other: number;
}

const TICKS_PER_SECOND = 100;

type Role = keyof CpuByRole;
/** Each descendant's role and CPU ticks at one moment. */
export type CpuSnapshot = Map<number, { role: Role; ticks: number }>;

const roleOf = (cmd: string): Role =>
  cmd.startsWith('postgres') || cmd.includes('/bin/postgres') ? 'postgres' : cmd.includes('dist/main.js') ? 'api' : cmd.includes('haproxy') ? 'haproxy' : 'other';

/**
 * Reads /proc: every process below `root` (the bench: the supervisor's orphan guards, the API
 * instances, PostgreSQL and its backends, HAProxy) with its CPU ticks, so a run can say where the
 * machine's time went (and how much of it the run got on a shared machine).
 */
export async function snapshotCpu(root = process.pid): Promise<CpuSnapshot> {
  const procs: Array<{ pid: number; ppid: number; cmd: string; ticks: number }> = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = (await readFile(`/proc/${entry}/stat`, 'utf8')).split(') ')[1]!.split(' ');
      const cmd = (await readFile(`/proc/${entry}/cmdline`, 'utf8')).replace(/\0/g, ' ');
      procs.push({ pid: Number(entry), ppid: Number(stat[1]), cmd, ticks: Number(stat[11]) + Number(stat[12]) });
    } catch {
      // ended meanwhile
    }
  }
  const children = new Map<number, typeof procs>();
  for (const p of procs) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const out: CpuSnapshot = new Map();
  const walk = (pid: number): void => {
    for (const p of children.get(pid) ?? []) {
      out.set(p.pid, { role: roleOf(p.cmd), ticks: p.ticks });
      walk(p.pid);
    }
  };
  walk(root);
  return out;
}

/**
 * CPU seconds used between two snapshots, by role. A process that ended in between (a killed
 * instance, its database backends) takes its time with it, so after a kill the figures are a floor.
 */
export function cpuBetween(before: CpuSnapshot, after: CpuSnapshot): CpuByRole {
  const out: CpuByRole = { postgres: 0, api: 0, haproxy: 0, other: 0 };
  for (const [pid, now] of after) {
    const then = before.get(pid);
    out[now.role] += (now.ticks - (then && then.role === now.role ? then.ticks : 0)) / TICKS_PER_SECOND;
  }
  return out;
}
