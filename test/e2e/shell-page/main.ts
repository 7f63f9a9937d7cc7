/**
 * The offline-shell test page: an app of nothing but its worker, registered as a module the way the README says.
 * `body[data-ready]` once the worker is active; the tests drive the rest with `page.evaluate`.
 */
const registration = await navigator.serviceWorker.register('/sw.js', { type: 'module' });
await navigator.serviceWorker.ready;
document.body.dataset.ready = String(registration.active !== null);
