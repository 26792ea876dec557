// Preview webview script: forwards button clicks to the extension and keeps the scroll position
// across re-renders (the extension replaces the whole document to give every render a fresh nonce).
(function () {
  'use strict';
  const vscode = acquireVsCodeApi();
  const state = vscode.getState();
  if (state && typeof state.scrollY === 'number') window.scrollTo(0, state.scrollY);

  let pending = false;
  window.addEventListener('scroll', () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      vscode.setState({ scrollY: window.scrollY });
    });
  });

  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button) return;
    if (button.classList.contains('reveal')) vscode.postMessage({ type: 'revealLayer', layerId: button.dataset.layer });
    else if (button.classList.contains('copy-prompt')) vscode.postMessage({ type: 'copyPrompt' });
  });
})();
