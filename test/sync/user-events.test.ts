import { describe, expect, it } from 'vitest';
import type { UserEvent } from '../../src/sync/catalogue-events.js';
import { closedAfterEach } from '../helpers/closed-after-each.js';

const open = closedAfterEach();

describe('the current user as events and a store', () => {
  it('signedIn and signedOut carry the scope id only; catalogue.user follows, stable between changes', async () => {
    const { catalogue, clock } = open();
    const events: [string, UserEvent][] = [];
    catalogue.on('signedIn', (event) => events.push(['signedIn', event]));
    catalogue.on('signedOut', (event) => events.push(['signedOut', event]));
    let told = 0;
    const stop = catalogue.user.subscribe(() => {
      told += 1;
    });
    expect(catalogue.user.getSnapshot()).toEqual({ status: 'restoring', user: undefined });
    await catalogue.auth.ready();
    expect(catalogue.user.getSnapshot()).toEqual({ status: 'signedOut', user: undefined });

    await clock.runUntil(catalogue.setUser({ account_id: 42, session_id: 'a'.repeat(40) }));
    const signedIn = catalogue.user.getSnapshot();
    expect(signedIn).toEqual({ status: 'signedIn', user: { scopeId: 'account:42', kind: 'account', accountId: 42 } });
    expect(catalogue.user.getSnapshot()).toBe(signedIn);
    expect(Object.isFrozen(signedIn)).toBe(true);

    await clock.runUntil(catalogue.signOut({ force: true }));
    expect(catalogue.user.getSnapshot()).toEqual({ status: 'signedOut', user: undefined });
    expect(events.map(([name, event]) => [name, event.userScope, event.kind])).toEqual([
      ['signedIn', 'account:42', 'account'],
      ['signedOut', 'account:42', 'account'],
    ]);
    expect(JSON.stringify(events)).not.toContain('a'.repeat(40));
    // Restored (nobody), signed in, signed out.
    expect(told).toBe(3);
    stop();
  });
});
