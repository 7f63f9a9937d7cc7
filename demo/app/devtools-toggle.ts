/**
 * The footer's "Developer tools" button: mounts the library's devtools panel (`catalogue-sync/devtools`) over the
 * page, and unmounts it on the next press, which removes its nodes and its listeners on the catalogue. The panel
 * is a chunk of its own: a visit that never opens it does not fetch it before its first screen.
 */

import type { DevtoolsHandle } from '../../src/devtools/index.js';
import type { Catalogue } from '../../src/index.js';
import { h } from './dom.js';

type DevtoolsModule = typeof import('../../src/devtools/index.js');

let devtools: Promise<DevtoolsModule> | undefined;

/** Fetches the panel's chunk (once): called after the visit's first screen, so a press offline finds it loaded. */
export function loadDevtools(): Promise<DevtoolsModule> {
  devtools ??= import('../../src/devtools/index.js');
  // A failed fetch is tried again on the next press.
  devtools.catch(() => {
    devtools = undefined;
  });
  return devtools;
}

export function devtoolsToggle(catalogue: Catalogue): HTMLButtonElement {
  let panel: DevtoolsHandle | undefined;
  /** Whether the button is pressed: the panel is shown, or will be once its chunk is there. */
  let pressed = false;
  const show = (shown: boolean) => {
    pressed = shown;
    button.setAttribute('aria-pressed', String(shown));
  };
  const button = h(
    'button',
    {
      type: 'button',
      id: 'devtools-toggle',
      class: 'button devtools-toggle',
      'aria-pressed': 'false',
      onclick: () => {
        if (pressed) {
          panel?.unmount();
          panel = undefined;
          show(false);
          return;
        }
        show(true);
        loadDevtools().then(
          ({ mountDevtools }) => {
            // Pressed again while the chunk was on its way: nothing to show.
            if (pressed && !panel) panel = mountDevtools(catalogue);
          },
          () => show(false),
        );
      },
    },
    'Developer tools',
  );
  return button;
}
