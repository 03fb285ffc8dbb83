import { logRestarts, Supervisor } from './supervisor.mjs';

/**
 * Starts `services` in order under one supervisor and keeps them running until Ctrl-C / SIGTERM
 * (`npm start` and `npm run start:cluster` alike). A crashed service is restarted while the rest
 * of the site keeps running (each crash and restart logged); one whose restarts keep dying before
 * it answers stops the site, so CI fails with its name instead of waiting forever.
 * `ready(seconds)` is the line printed once everything answers.
 */
export async function runSite({ label, services, started, ready }) {
  const supervisor = new Supervisor();
  let shuttingDown = false;
  async function shutdown(code) {
    if (shuttingDown) return;
    shuttingDown = true;
    console.log(`\n[${label}] stopping…`);
    await supervisor.stopAll();
    process.exit(code);
  }
  process.on('SIGINT', () => shutdown(0));
  process.on('SIGTERM', () => shutdown(0));
  logRestarts(supervisor);
  supervisor.on('gave-up', ({ name }) => {
    console.error(`[${label}] ${name} cannot be kept running; stopping the site`);
    void shutdown(1);
  });
  try {
    for (const service of services) await supervisor.start(service);
  } catch (err) {
    console.error(`[${label}] ${err.message}`);
    await shutdown(1);
  }
  console.log(ready(((Date.now() - started) / 1000).toFixed(1)));
}
