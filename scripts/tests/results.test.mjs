// CI keeps only the end of `npm test`'s output: the failed tests must be named there, with why,
// from the JSON reports vitest and Playwright write.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { countReport, failedTests } from '../lib/results.mjs';

function reportFile(content) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'results-'));
  const file = path.join(dir, 'report.json');
  writeFileSync(file, JSON.stringify(content));
  return { file, done: () => rmSync(dir, { recursive: true, force: true }) };
}

test('a vitest report names each failed test with its message and our line, and a file whose hook failed', () => {
  const { file, done } = reportFile({
    numPassedTests: 1,
    numFailedTests: 1,
    testResults: [
      {
        name: '/repo/pkg/src/a.test.ts',
        status: 'failed',
        assertionResults: [
          { fullName: 'group adds', status: 'failed', failureMessages: ['\u001b[31mAssertionError: expected 2 to be 3\u001b[39m\n    at /repo/node_modules/x.js:1:1\n    at /repo/pkg/src/a.test.ts:2:60'] },
          { fullName: 'group ok', status: 'passed', failureMessages: [] },
        ],
      },
      { name: '/repo/pkg/src/b.test.ts', status: 'failed', message: 'hook broke', assertionResults: [{ fullName: 'never runs', status: 'skipped' }] },
      { name: '/repo/pkg/src/c.test.ts', status: 'passed', assertionResults: [{ fullName: 'fine', status: 'passed' }] },
    ],
  });
  try {
    assert.deepEqual(countReport(file), { passed: 1, failed: 1 });
    assert.deepEqual(failedTests(file, '/repo/pkg'), [
      { where: 'src/a.test.ts', title: 'group adds', message: ['AssertionError: expected 2 to be 3', 'at /repo/pkg/src/a.test.ts:2:60'] },
      { where: 'src/b.test.ts', title: '(the file)', message: ['hook broke'] },
    ]);
  } finally {
    done();
  }
});

test('a Playwright report names failed tests, and those that passed only on retry, by spec line and project', () => {
  const spec = (title, line, status, message) => ({
    title,
    file: 'x.spec.ts',
    line,
    tests: [{ projectName: 'desktop', status, results: message ? [{ status: 'failed', error: { message } }, { status: 'passed' }] : [{ status: 'passed' }] }],
  });
  const { file, done } = reportFile({
    stats: { expected: 1, unexpected: 1, flaky: 1 },
    suites: [{ title: 'x.spec.ts', specs: [spec('fails', 3, 'unexpected', 'Error: expected 2\nReceived: 1'), spec('fine', 5, 'expected')], suites: [{ specs: [spec('flaky', 9, 'flaky', 'Timed out')] }] }],
    errors: [],
  });
  try {
    assert.deepEqual(countReport(file), { passed: 1, failed: 2 });
    assert.deepEqual(failedTests(file), [
      { where: 'x.spec.ts:3', title: '[desktop] fails', message: ['Error: expected 2', 'Received: 1'] },
      { where: 'x.spec.ts:9', title: '[desktop] flaky (passed only on retry)', message: ['Timed out'] },
    ]);
  } finally {
    done();
  }
});

test('a missing report has no failed tests to name', () => {
  assert.deepEqual(failedTests(path.join(os.tmpdir(), 'no-such-report.json')), []);
});
