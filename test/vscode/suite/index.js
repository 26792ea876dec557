// Mocha entry the extension host calls (run()); see test/vscode/smoke/mocha-index.js for why console output is formatted.
'use strict';
const path = require('node:path');
const util = require('node:util');
const Mocha = require('mocha');

Mocha.reporters.Base.consoleLog = (...args) => console.log(util.format(...args));

function run() {
  // HPL_TEST_GREP runs a subset (while debugging); the full run never sets it.
  const grep = process.env.HPL_TEST_GREP;
  const mocha = new Mocha({ ui: 'bdd', reporter: 'spec', color: false, timeout: 30_000, ...(grep ? { grep } : {}) });
  mocha.addFile(path.join(__dirname, 'extension.test.js'));
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      const { passes = 0 } = runner.stats || {};
      // scripts/test-host.js reads this line and adds the UI checks to its own closing `vscode:` line.
      console.log(`exthost: ${passes} passed, ${failures} failed`);
      if (failures) reject(new Error(`${failures} extension test(s) failed`));
      else if (!passes) reject(new Error('no extension test ran'));
      else resolve();
    });
  });
}

module.exports = { run };
