import { describe, expect, it } from 'vitest';
import { createInProcessLocks } from '../../src/sync/in-process-locks.js';
import { holdSenderLiveness, senderLockName } from '../../src/sync/sender-liveness.js';
import { killableLocks } from '../support/killable-locks.js';

/** The lock leaves its holder once the holder's callback promise settles: a macrotask later. */
const settled = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('sender liveness', () => {
  it('an instance is live from its start until it releases its lock or its tab dies', async () => {
    const locks = createInProcessLocks();
    const killable = killableLocks(locks);
    const a = holdSenderLiveness(locks, 'db', 'a');
    const b = holdSenderLiveness(killable, 'db', 'b');
    const judge = holdSenderLiveness(locks, 'db', 'judge');
    await Promise.all([a.ready, b.ready, judge.ready]);
    expect(await judge.gone(['a', 'b', 'never-started'])).toEqual(new Set(['never-started']));
    a.release();
    await settled();
    expect(await judge.gone(['a', 'b'])).toEqual(new Set(['a']));
    killable.kill();
    await settled();
    expect(await judge.gone(['a', 'b'])).toEqual(new Set(['a', 'b']));
  });

  it('probing leaves the lock free: a live instance is never kept from its own lock by a look', async () => {
    const locks = createInProcessLocks();
    const judge = holdSenderLiveness(locks, 'db', 'judge');
    expect(await judge.gone(['late'])).toEqual(new Set(['late']));
    const late = holdSenderLiveness(locks, 'db', 'late');
    await late.ready;
    expect(await judge.gone(['late'])).toEqual(new Set());
  });

  it('names the lock by database and instance only', () => {
    expect(senderLockName('catalogue-fr-FR', 'i-abc')).toBe('catalogue-sync:outbox-sender:catalogue-fr-FR:i-abc');
  });
});
