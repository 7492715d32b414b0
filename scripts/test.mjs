// Runs every suite in turn and ends with one plain summary line ("N passed, N failed").
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const only = process.argv.slice(2);
const out = fs.mkdtempSync(path.join(os.tmpdir(), 'dme-test-results-'));
const failuresReporter = path.resolve('scripts/vitest-failures.mjs');
const vitest = (json) => [
  'npx',
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${json}`,
  `--reporter=${failuresReporter}`,
];

/** The first line of an error message that says something (no blank line, no colour codes). */
function firstLine(message) {
  const lines = stripVTControlCharacters(message ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return lines[0] ?? '(no message)';
}

const suites = [
  {
    name: 'shared',
    cmd: vitest(`${out}/shared.json`),
    cwd: 'packages/shared',
    kind: 'vitest',
  },
  {
    name: 'server',
    cmd: vitest(`${out}/server.json`),
    cwd: 'apps/server',
    kind: 'vitest',
  },
  {
    name: 'web',
    cmd: vitest(`${out}/web.json`),
    cwd: 'apps/web',
    kind: 'vitest',
  },
  {
    name: 'e2e',
    cmd: ['npx', 'playwright', 'test'],
    cwd: 'e2e',
    kind: 'playwright',
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/e2e.json` },
  },
].filter((s) => only.length === 0 || only.includes(s.name));

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
const failedTests = [];
for (const suite of suites) {
  console.log(`\n=== ${suite.name} ===`);
  const started = Date.now();
  const res = spawnSync(suite.cmd[0], suite.cmd.slice(1), {
    cwd: suite.cwd,
    stdio: 'inherit',
    env: { ...process.env, DME_VITEST_FAILURES: `${out}/${suite.name}-failures.json`, ...suite.env },
  });
  const file = `${out}/${suite.name}.json`;
  let counted = false;
  if (fs.existsSync(file)) {
    const r = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (suite.kind === 'vitest') {
      passed += r.numPassedTests;
      failed += r.numFailedTests;
      skipped += r.numPendingTests + (r.numTodoTests ?? 0);
      // Named again at the end, where a log cut to its tail still shows them, each with its own
      // message (a timeout's, a file that could not run), which the JSON report can lose.
      const failuresFile = `${out}/${suite.name}-failures.json`;
      const listed = fs.existsSync(failuresFile) ? JSON.parse(fs.readFileSync(failuresFile, 'utf8')) : [];
      for (const f of listed) {
        const where = f.file ? path.relative(process.cwd(), f.file) : '';
        const name = [where, f.test].filter(Boolean).join(' > ');
        failedTests.push(`${suite.name}: ${name}\n    ${firstLine(f.message)}`);
      }
      // A file that failed outside its tests has no failed test to count.
      failed += listed.filter((f) => f.file && !f.test).length;
    } else {
      passed += r.stats.expected;
      // A test that passed only on retry is flaky, and a flaky test is a failing test.
      failed += r.stats.unexpected + (r.stats.flaky ?? 0);
      skipped += r.stats.skipped;
      if ((r.stats.flaky ?? 0) > 0) failures.push(`${suite.name} (flaky)`);
    }
    counted = true;
  }
  if (res.status !== 0) {
    failures.push(suite.name);
    if (!counted) failed += 1;
  }
  console.log(`=== ${suite.name}: exit ${res.status} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
}
if (failedTests.length) console.log(`\nFailed tests:\n  ${failedTests.join('\n  ')}`);
if (failures.length) console.log(`\nFailed suites: ${failures.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failures.length ? 1 : 0);
