/**
 * The browser half of the README's server render: the README's own App (a Vite alias to the extracted block) over
 * an IndexedDB catalogue, hydrating the markup the server rendered into `#root`. `window.e2e` notes what React
 * reported while it took the markup over.
 */
import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { App } from 'readme-ssr-app';
import { createCatalogue } from '../../../src/index.js';
// The options module only: the testing barrel would drag the fake service (hono) into the page.
import { FAKE_ACCESS_TOKEN } from '../../../src/testing/service/options.js';

const state = {
  /** The markup the server sent, as the page saw it before hydrating. */
  served: (document.getElementById('root') as HTMLElement).innerHTML,
  recoverable: [] as string[],
  caught: [] as string[],
  storage: '',
};
(window as unknown as { e2e: typeof state }).e2e = state;

const catalogue = createCatalogue({ baseUrl: location.origin, accessToken: FAKE_ACCESS_TOKEN, dbName: 'ssr-page' });
state.storage = catalogue.status.storage;
hydrateRoot(document.getElementById('root') as HTMLElement, createElement(App, { catalogue }), {
  onRecoverableError: (error) => void state.recoverable.push(String((error as Error)?.message ?? error)),
  onCaughtError: (error) => void state.caught.push(String((error as Error)?.message ?? error)),
});
