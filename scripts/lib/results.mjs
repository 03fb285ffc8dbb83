import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

function readReport(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

/** Passed/failed counts from a vitest or Playwright JSON report, so the run can end on one total line. */
export function countReport(file) {
  const report = readReport(file);
  if (!report) return { passed: 0, failed: 0 };
  if ('numPassedTests' in report) return { passed: report.numPassedTests, failed: report.numFailedTests };
  const stats = report.stats ?? {};
  return { passed: stats.expected ?? 0, failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0) };
}

// eslint-disable-next-line no-control-regex -- the reports keep the terminal's colour codes
const plain = (text) => String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '');

/** A failure's message and the line of our own code it points at: enough to name the cause on the run's last screen. */
function summary(text) {
  const lines = plain(text).split('\n').map((l) => l.trim()).filter(Boolean);
  const message = lines.filter((l) => !l.startsWith('at ')).slice(0, 3);
  const ours = lines.find((l) => l.startsWith('at ') && !l.includes('node_modules') && !l.includes('node:'));
  return ours ? [...message, ours] : message;
}

/** @typedef {{ where: string, title: string, message: string[] }} FailedTest */

/**
 * The failed tests of a vitest or Playwright JSON report, each with where it is and why it
 * failed. CI keeps only the end of a run's output, and a failure named there needs no re-run to
 * be found. A file that failed without a failed test (a hook, an import) is listed as the file.
 * @returns {FailedTest[]}
 */
export function failedTests(file, root) {
  const report = readReport(file);
  if (!report) return [];
  const relative = (p) => (p && root ? path.relative(root, p) : p ?? '');
  if ('testResults' in report) {
    return report.testResults.flatMap((f) => {
      const failed = (f.assertionResults ?? []).filter((t) => t.status === 'failed');
      if (failed.length) return failed.map((t) => ({ where: relative(f.name), title: t.fullName, message: summary(t.failureMessages?.[0]) }));
      return f.status === 'failed' ? [{ where: relative(f.name), title: '(the file)', message: summary(f.message) }] : [];
    });
  }
  /** @type {FailedTest[]} */
  const out = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected' && t.status !== 'flaky') continue;
        const error = t.results?.find((r) => r.error)?.error;
        out.push({ where: `${spec.file}:${spec.line}`, title: `[${t.projectName}] ${spec.title}${t.status === 'flaky' ? ' (passed only on retry)' : ''}`, message: summary(error?.message) });
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  for (const e of report.errors ?? []) out.push({ where: '(the run)', title: 'error outside a test', message: summary(e.message) });
  return out;
}
