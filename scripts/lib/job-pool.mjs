import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * @typedef {object} Job
 * @property {string} name
 * @property {string[]} command   argv, run without a shell
 * @property {NodeJS.ProcessEnv} [env]
 * @property {string[]} [after]   names of jobs that must have passed first
 * @property {boolean} [alone]    runs with no other job beside it (it is timing-sensitive or needs every core)
 */

/**
 * Runs jobs at most `concurrency` at a time, each once its `after` jobs passed. A job's
 * output goes to `logDir/<name>.log` and is printed whole when it ends, so logs of jobs
 * running side by side never interleave. A job whose prerequisite failed is skipped.
 * @param {Job[]} jobs in the order they should start when free to
 * @param {{ concurrency: number, logDir: string, cwd: string }} o
 * @returns {Promise<Map<string, { status: 'passed' | 'failed' | 'skipped', seconds: number }>>}
 */
export async function runJobs(jobs, o) {
  /** @type {Map<string, { status: 'passed' | 'failed' | 'skipped', seconds: number }>} */
  const results = new Map();
  const pending = [...jobs];
  /** @type {Set<string>} */
  const running = new Set();
  let aloneRunning = false;

  return new Promise((resolve) => {
    const pump = () => {
      for (let i = 0; i < pending.length; ) {
        const job = pending[i];
        const needs = job.after ?? [];
        if (needs.some((n) => results.has(n) && results.get(n).status !== 'passed')) {
          pending.splice(i, 1);
          results.set(job.name, { status: 'skipped', seconds: 0 });
          console.log(`[test] ${job.name}: skipped (needs ${needs.join(', ')})`);
          continue;
        }
        const ready = needs.every((n) => results.get(n)?.status === 'passed');
        const room = running.size < o.concurrency && !aloneRunning && (!job.alone || running.size === 0);
        if (!ready || !room) {
          i += 1;
          continue;
        }
        pending.splice(i, 1);
        start(job);
      }
      if (pending.length === 0 && running.size === 0) resolve(results);
    };

    /** @param {Job} job */
    const start = (job) => {
      running.add(job.name);
      if (job.alone) aloneRunning = true;
      const log = path.join(o.logDir, `${job.name.replace(/[^\w.-]+/g, '-')}.log`);
      const out = createWriteStream(log);
      const began = Date.now();
      console.log(`[test] ${job.name}: started`);
      const child = spawn(job.command[0], job.command.slice(1), { cwd: o.cwd, env: job.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.pipe(out, { end: false });
      child.stderr.pipe(out, { end: false });
      child.once('close', (code) => {
        out.end(() => {
          const seconds = (Date.now() - began) / 1000;
          const status = code === 0 ? 'passed' : 'failed';
          process.stdout.write(`\n──── ${job.name} ────\n${readFileSync(log, 'utf8')}`);
          console.log(`[test] ${job.name}: ${status === 'passed' ? 'ok' : 'FAILED'} in ${seconds.toFixed(1)} s`);
          results.set(job.name, { status, seconds });
          running.delete(job.name);
          if (job.alone) aloneRunning = false;
          pump();
        });
      });
    };

    pump();
  });
}
