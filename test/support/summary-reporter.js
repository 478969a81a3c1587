// Mocha reporter: the spec reporter, then one closing line `N passed, N failed` that CI reads.
// When MOCHA_SUMMARY_FILE is set, the counts are also written there as JSON for scripts/test.js.
'use strict';
const Mocha = require('mocha');
const fs = require('node:fs');

class SummaryReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      const { passes, failures, pending } = this.stats;
      const counts = { passed: passes, failed: failures, skipped: pending };
      if (process.env.MOCHA_SUMMARY_FILE) fs.writeFileSync(process.env.MOCHA_SUMMARY_FILE, JSON.stringify(counts));
      // Printed after the spec reporter's epilogue so it is the last line.
      process.nextTick(() => console.log(`${passes} passed, ${failures} failed` + (pending ? `, ${pending} skipped` : '')));
    });
  }
}

module.exports = SummaryReporter;
