import type { CatalogueCore } from '../core-arrival.js';
import type { CatalogueEvents } from '../sync/catalogue-events.js';
import type { SyncStatus } from '../sync/sync-status.js';

/**
 * The front door's `on` before the core has arrived: each listener is held, asks for the core, and is handed to
 * the core's own `on` once it is there (unless stopped meanwhile).
 */
export function heldListeners(
  initialStatus: SyncStatus,
  whenLoaded: (attach: (core: CatalogueCore) => void) => void,
  load: () => Promise<unknown>,
) {
  const listeners: { event: keyof CatalogueEvents; listener: (...args: never[]) => void; off?: () => void }[] = [];
  return <E extends keyof CatalogueEvents>(event: E, listener: (...args: CatalogueEvents[E]) => void): (() => void) => {
    const held: (typeof listeners)[number] = { event, listener: listener as never };
    listeners.push(held);
    whenLoaded((c) => {
      if (!listeners.includes(held)) return;
      held.off = c.on(event, listener);
      // Before the core the status was the door's own, which differs from the one the core starts from only by the
      // connection: changed meanwhile, that is a change of status like any other, told to those who listen.
      if (event === 'status' && c.status.online !== initialStatus.online)
        (listener as (s: SyncStatus) => void)(c.status);
    });
    void load().catch(() => {});
    return () => {
      const at = listeners.indexOf(held);
      if (at >= 0) listeners.splice(at, 1);
      held.off?.();
    };
  };
}
