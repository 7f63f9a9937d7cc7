import { Window } from 'happy-dom';
import { afterEach } from 'vitest';
import type { DevtoolsHandle } from '../../src/devtools/index.js';

/**
 * A happy-dom document per test for the devtools panel, not installed as the test's globals (the panel builds from
 * its target's own document, and the fake service keeps Node's `Request`/`Response`). Panels pushed on `handles`
 * are unmounted and the document closed after each test. Call at the top of a test file.
 */
export function panelPages(): { page: () => Document; handles: DevtoolsHandle[] } {
  let window: Window | undefined;
  const handles: DevtoolsHandle[] = [];
  afterEach(async () => {
    for (const handle of handles.splice(0)) handle.unmount();
    await window?.happyDOM.close();
    window = undefined;
  });
  return {
    page: () => {
      window = new Window({ url: 'http://localhost/' });
      return window.document as unknown as Document;
    },
    handles,
  };
}
