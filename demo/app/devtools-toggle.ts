/**
 * The footer's "Developer tools" button: mounts the library's devtools panel (`catalogue-sync/devtools`) over the
 * page, and unmounts it on the next press, which removes its nodes and its listeners on the catalogue.
 */

import { type DevtoolsHandle, mountDevtools } from '../../src/devtools/index.js';
import type { Catalogue } from '../../src/index.js';
import { h } from './dom.js';

export function devtoolsToggle(catalogue: Catalogue): HTMLButtonElement {
  let panel: DevtoolsHandle | undefined;
  const button = h(
    'button',
    {
      type: 'button',
      id: 'devtools-toggle',
      class: 'button devtools-toggle',
      'aria-pressed': 'false',
      onclick: () => {
        if (panel) {
          panel.unmount();
          panel = undefined;
        } else {
          panel = mountDevtools(catalogue);
        }
        button.setAttribute('aria-pressed', String(panel !== undefined));
      },
    },
    'Developer tools',
  );
  return button;
}
