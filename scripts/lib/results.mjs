import { existsSync, readFileSync } from 'node:fs';

/** Passed/failed counts from a vitest or Playwright JSON report, so the run can end on one total line. */
export function countReport(file) {
  if (!existsSync(file)) return { passed: 0, failed: 0 };
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if ('numPassedTests' in report) return { passed: report.numPassedTests, failed: report.numFailedTests };
  const stats = report.stats ?? {};
  return { passed: stats.expected ?? 0, failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0) };
}
