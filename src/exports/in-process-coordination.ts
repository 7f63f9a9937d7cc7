/**
 * `createInProcessLocks` and `createInProcessChannels` of the public surface, re-bound for `src/index.ts`: the core
 * falls back on them where Web Locks or BroadcastChannel are missing, and that use alone must not put them on the
 * first-read path (why `export import`: `errors.ts` of this folder).
 */
import * as channels from '../sync/in-process-channels.js';
import * as locks from '../sync/in-process-locks.js';

export import createInProcessChannels = channels.createInProcessChannels;
export import createInProcessLocks = locks.createInProcessLocks;
