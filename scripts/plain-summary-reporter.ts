import type { Reporter, TestModule } from 'vitest/node';

/** How many of the slowest files the summary names: where CI's minutes go, read from every run's log. */
const SLOWEST = 25;

/**
 * Ends the run with the slowest files (project, seconds) and a plain "N passed, N failed, N skipped"
 * line that CI tooling can read.
 */
export default class PlainSummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') counts.failed += 1;
        else counts.skipped += 1;
      }
    }
    const timed = testModules
      .map((module) => ({ name: `${module.project.name}: ${module.relativeModuleId}`, ms: module.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms);
    const total = timed.reduce((sum, file) => sum + file.ms, 0);
    const lines = timed.slice(0, SLOWEST).map((file) => `${(file.ms / 1000).toFixed(1).padStart(7)} s  ${file.name}`);
    process.stdout.write(
      `\nslowest files (of ${timed.length}, ${(total / 1000).toFixed(0)} s in all):\n${lines.join('\n')}\n` +
        `\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`,
    );
  }
}
