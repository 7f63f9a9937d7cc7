/** Settings: point the page at another service (base URL and token), or back at the embedded fake. */
import { accountPanel } from '../account-panel.js';
import type { DemoContext, Screen } from '../context.js';
import { h, replace } from '../dom.js';
import { currentSettings, saveSettings, useEmbeddedFake } from '../service-settings.js';

export function settingsScreen(ctx: DemoContext): Screen {
  const settings = currentSettings();
  const account = accountPanel(ctx);
  const baseUrl = h('input', {
    id: 'base-url',
    type: 'url',
    required: true,
    value: settings.isFake ? 'https://api.themoviedb.org' : settings.baseUrl,
  });
  const token = h('input', { id: 'token', type: 'password', required: true, autocomplete: 'off' });
  const message = h('p', { class: 'count', role: 'status' });
  const form = h(
    'form',
    { class: 'filters settings' },
    h('label', { for: 'base-url' }, h('span', {}, 'Service base URL'), baseUrl),
    h('label', { for: 'token' }, h('span', {}, 'Read access token (bearer)'), token),
    h('button', { class: 'button', type: 'submit' }, 'Use this service'),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    try {
      saveSettings(baseUrl.value, token.value);
      location.reload();
    } catch {
      replace(message, 'That base URL is not a valid URL.');
    }
  });
  const reset = h('button', { class: 'button', type: 'button', id: 'use-fake' }, 'Use the embedded fake service');
  reset.addEventListener('click', () => {
    useEmbeddedFake();
    location.reload();
  });
  return {
    title: 'Settings',
    element: h(
      'section',
      { class: 'screen' },
      h('header', { class: 'screen-header' }, h('h1', { id: 'screen-title' }, 'Settings')),
      h(
        'p',
        { class: 'overview' },
        settings.isFake
          ? 'Now using the embedded fake catalogue service on this origin (no network, no account).'
          : `Now using ${settings.baseUrl}.`,
        ' The token is kept in this tab’s session storage only: never in IndexedDB, a URL or a log. Each service gets its own database.',
      ),
      h(
        'p',
        { class: 'overview' },
        // The page's Content-Security-Policy is the server's: a service it does not name is blocked, not reached.
        'This page may only reach its own origin and the services ',
        h('code', {}, 'npm run demo'),
        ' allows: the real TMDB API and image hosts by default. For another service, start it with ',
        h('code', {}, '--api-origin'),
        ' and ',
        h('code', {}, '--image-origin'),
        '.',
      ),
      form,
      message,
      !settings.isFake && reset,
      account.element,
    ),
    dispose: account.dispose,
  };
}
