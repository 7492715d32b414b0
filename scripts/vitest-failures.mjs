// A Vitest reporter for scripts/test.mjs: writes each failure with its own error message to the
// file named by DME_VITEST_FAILURES. Vitest's JSON report keeps only an error's stack, and a timed
// out test's stack begins "Error: STACK_TRACE_ERROR" without the "Test timed out in …" message.
import fs from 'node:fs';

export default class FailuresReporter {
  onTestRunEnd(testModules, unhandledErrors) {
    const file = process.env.DME_VITEST_FAILURES;
    if (!file) return;
    const failures = [];
    for (const module of testModules) {
      // A file that could not be loaded or run, or an error in a hook outside any test.
      for (const error of module.errors()) failures.push({ file: module.moduleId, message: error.message });
      for (const test of module.children.allTests('failed')) {
        failures.push({ file: module.moduleId, test: test.fullName, message: test.result().errors?.[0]?.message });
      }
    }
    for (const error of unhandledErrors) failures.push({ message: `Unhandled error: ${error.message}` });
    fs.writeFileSync(file, JSON.stringify(failures));
  }
}
