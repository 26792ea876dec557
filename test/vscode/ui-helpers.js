// Playwright helpers for `run.js --ui-script` scripts driving the code-server workbench.
'use strict';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs a command from the palette by its title. Retries (bounded), because the palette
 * lists extension commands only once the extension host has registered them, and an open
 * palette does not refresh.
 */
async function runCommand(page, title, { timeoutMs = 60_000 } = {}) {
  const until = Date.now() + timeoutMs;
  const input = page.locator('.quick-input-widget input');
  const row = page.locator('.quick-input-widget .monaco-list-row', { hasText: title });
  while (Date.now() < until) {
    await page.keyboard.press('F1'); // Ctrl+Shift+P does nothing headless; F1 does
    await input.waitFor({ state: 'visible', timeout: 10_000 });
    await input.fill(`>${title}`);
    try {
      await row.first().waitFor({ timeout: 3000 });
      await page.keyboard.press('Enter');
      return;
    } catch {
      await page.keyboard.press('Escape');
      await sleep(1000);
    }
  }
  throw new Error(`command "${title}" did not appear in the palette within ${timeoutMs} ms`);
}

/**
 * Waits for a notification containing text: as a toast first, then in the notification
 * center (toasts never show when run.js enables the smoke-test driver, i.e. with --extension).
 */
async function waitForNotification(page, text, { timeoutMs = 30_000, toastMs = 5000 } = {}) {
  const toast = page.locator('.notification-toast', { hasText: text }).first();
  try {
    await toast.waitFor({ state: 'visible', timeout: Math.min(toastMs, timeoutMs) });
    return toast;
  } catch { /* not as a toast: look in the center */ }
  const item = page.locator('.notifications-center .notification-list-item', { hasText: text }).first();
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (!(await page.locator('.notifications-center.visible').count())) await runCommand(page, 'Notifications: Show Notifications', { timeoutMs: 15_000 });
    try {
      await item.waitFor({ state: 'visible', timeout: 3000 });
      return item;
    } catch { /* not yet */ }
  }
  throw new Error(`no notification containing "${text}" within ${timeoutMs} ms`);
}

/** Expands a collapsed view pane (Explorer sections, extension views) by its header title. */
async function expandView(page, title) {
  const header = page.locator('.pane-header', { hasText: title }).first();
  await header.waitFor({ timeout: 30_000 });
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  return header;
}

module.exports = { runCommand, waitForNotification, expandView };
