// Mocha-based test entry, the shape the real extension tests will take: the extension host
// calls run(); Mocha runs the suites; failures reject. Also prints the plain summary line
// ('vscode: N passed, N failed') that run.js echoes bare for CI.
'use strict';
const path = require('node:path');
const util = require('node:util');
const Mocha = require('mocha');

// The host forwards console arguments joined by commas, unformatted; Mocha's reporters
// log printf-style ('%s (%dms)'), so format before handing lines to the console.
Mocha.reporters.Base.consoleLog = (...args) => console.log(util.format(...args));

function run() {
  const mocha = new Mocha({ ui: 'bdd', reporter: 'spec', color: false, timeout: 30_000 });
  mocha.addFile(path.join(__dirname, 'smoke.test.js'));
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      const { passes = 0, pending = 0 } = runner.stats || {};
      console.log(`vscode: ${passes} passed, ${failures} failed${pending ? `, ${pending} skipped` : ''}`);
      if (failures) reject(new Error(`${failures} extension test(s) failed`));
      else if (!passes) reject(new Error('no extension test ran'));
      else resolve();
    });
  });
}

module.exports = { run };
