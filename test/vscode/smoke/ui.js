// Packaged-UI smoke script for `run.js --ui-script`: drives the real workbench with Playwright.
// With the smoke extension installed (--install-vsix or --extension) it also runs its command
// from the palette and checks the notification it shows.
'use strict';
const { runCommand, waitForNotification } = require('../ui-helpers');

module.exports = async function smokeUi(page, ctx) {
  const readme = page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'README.md' });
  await readme.waitFor({ timeout: 30_000 });
  ctx.log('explorer shows README.md');
  await ctx.screenshot('ui-workbench');

  if (!ctx.vsix && !ctx.extension) {
    await page.keyboard.press('F1');
    await page.locator('.quick-input-widget input').waitFor({ state: 'visible', timeout: 15_000 });
    ctx.log('no extension installed: the command palette opens');
    await ctx.screenshot('ui-palette');
    await page.keyboard.press('Escape');
    return;
  }
  await runCommand(page, 'HPL Smoke: Hello');
  ctx.log('ran "HPL Smoke: Hello" from the palette');
  await waitForNotification(page, 'Hello from HPL Smoke');
  ctx.log('notification "Hello from HPL Smoke" is shown');
  await ctx.screenshot('ui-notification');
};
