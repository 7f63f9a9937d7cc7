/**
 * Side-agnostic: marks the moment page 1's 20th row is in the DOM (a microtask after the insertion). Every side's
 * page loads it before its own script, from its own origin (the served pages' CSP allows no inline script). The
 * runner awaits `window.firstContent` (no polling in the page while it loads).
 */
const rows = document.getElementById('rows');
if (rows === null) throw new Error('first-content: the page has no #rows list');
(window as { firstContent?: Promise<number> }).firstContent = new Promise((resolve) => {
  new MutationObserver((_records, observer) => {
    if (document.querySelectorAll('#rows > li').length >= 20) {
      resolve(performance.mark('first-content').startTime);
      observer.disconnect();
    }
  }).observe(rows, { childList: true });
});
