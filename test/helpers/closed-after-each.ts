import { afterEach } from 'vitest';
import { type OneCatalogue, oneCatalogue } from './catalogue-world.js';

/**
 * `oneCatalogue` for one test file: every instance its worlds open is closed after each test. Call at the top
 * level of the file (it registers the `afterEach`).
 */
export function closedAfterEach(): (options?: Parameters<typeof oneCatalogue>[0]) => OneCatalogue {
  const open: OneCatalogue[] = [];
  afterEach(async () => {
    for (const world of open.splice(0)) await world.closeAll();
  });
  return (options = {}) => {
    const world = oneCatalogue(options);
    open.push(world);
    return world;
  };
}
