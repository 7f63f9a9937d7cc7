/**
 * The demo's "a new version is ready" prompt (`demo/app/update-prompt.ts`) for a catalogue that a newer release
 * stopped: drawn into a happy-dom document installed as the global one for the test (the demo's `h` builds on it).
 */
import type { IDBFactory } from 'fake-indexeddb';
import { Window } from 'happy-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { updatePrompt } from '../../demo/app/update-prompt.js';
import { DATABASE_PROTOCOL_SUFFIX } from '../../src/catalogue-options.js';
import type { Catalogue } from '../../src/create-catalogue.js';
import { CURRENT_SCHEMA_VERSION } from '../../src/store/database/catalogue-database.js';
import { nativeVersion } from '../../src/store/database/release-fence.js';
import { oneCatalogue } from '../helpers/catalogue-world.js';

let window: Window | undefined;
let catalogue: Catalogue | undefined;
beforeEach(() => {
  window = new Window();
  Object.assign(globalThis, { document: window.document, Node: window.Node });
});
afterEach(async () => {
  await catalogue?.close();
  delete (globalThis as { document?: unknown }).document;
  delete (globalThis as { Node?: unknown }).Node;
  await window?.happyDOM.close();
});

function upgradeAsNewerRelease(indexedDB: IDBFactory, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, nativeVersion(CURRENT_SCHEMA_VERSION + 1));
    request.onsuccess = () => {
      request.result.close();
      resolve();
    };
    request.onerror = () => reject(request.error);
  });
}

describe('the demo’s update prompt', () => {
  it('offers a reload once a newer release stopped the catalogue, and reloads when asked', async () => {
    const world = oneCatalogue({ dbName: 'demo-fence' });
    const { indexedDB } = world;
    catalogue = world.catalogue;
    const prompt = updatePrompt();
    let reloads = 0;
    prompt.fence(catalogue, () => {
      reloads += 1;
    });
    await catalogue.sync.pull('trendingMovies', { time_window: 'day' });
    expect(prompt.element.textContent).toBe('');

    await upgradeAsNewerRelease(indexedDB, `demo-fence${DATABASE_PROTOCOL_SUFFIX}`);
    expect(prompt.element.dataset.state).toBe('newer-release');
    expect(prompt.element.textContent).toContain('A new version is ready');
    const button = prompt.element.querySelector('button') as HTMLButtonElement;
    expect(button.textContent).toBe('Reload');
    button.click();
    expect(reloads).toBe(1);
  });
});
