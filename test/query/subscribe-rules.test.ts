import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Catalogue, createCatalogue } from '../../src/create-catalogue.js';
import { createCatalogue as createEagerCatalogue } from '../../src/eager-entry.js';
import type { View } from '../../src/query/view.js';
import { fakeWorldOptions } from '../helpers/fake-world-options.js';

/**
 * Every `subscribe` a user can reach runs on one base (`sync/subscribable.ts`), so each follows the same rules:
 * a listener that is not a function is a `TypeError`; the same function subscribed twice is two subscriptions;
 * an unsubscribe is idempotent and stops only its own subscription; a listener that throws does not keep the
 * others from hearing of the change (its error is reported in a microtask of its own).
 */
const opened: Catalogue[] = [];
afterEach(async () => {
  for (const catalogue of opened.splice(0)) await catalogue.close();
  vi.restoreAllMocks();
});

/** Every kind of store a catalogue hands out, each asked for anew. */
function stores(catalogue: Catalogue): [string, () => View<never>][] {
  return [
    ['view', () => catalogue.trendingTv({ time_window: 'day' }) as unknown as View<never>],
    ['pages', () => catalogue.pages('discoverTv') as unknown as View<never>],
    ['local discover', () => catalogue.local.discoverTv() as unknown as View<never>],
    ['local search', () => catalogue.local.search('a') as unknown as View<never>],
    ['user', () => catalogue.user as unknown as View<never>],
    ['outbox', () => catalogue.outbox as unknown as View<never>],
  ];
}

describe('one subscribe', () => {
  for (const [door, make] of [
    ['main entry, before its core arrived', createCatalogue],
    ['./eager', createEagerCatalogue],
  ] as const) {
    it(`follows the same rules on every store (${door})`, () => {
      const catalogue = make(fakeWorldOptions('subscribe-rules').options);
      opened.push(catalogue);
      for (const [name, store] of stores(catalogue)) {
        const view = store();
        expect(() => view.subscribe(undefined as never), name).toThrow(TypeError);
        expect(() => view.subscribe('listener' as never), name).toThrow(TypeError);
        const calls: string[] = [];
        const listener = () => calls.push(name);
        const first = view.subscribe(listener);
        const second = view.subscribe(listener);
        expect(first, name).not.toBe(second);
        first();
        first();
        second();
        second();
        // Subscribed again after every subscription left: a fresh start, not an error.
        const again = view.subscribe(listener);
        again();
      }
    });
  }
});

describe('a listener that throws', () => {
  it('does not starve the listeners after it (the user and outbox stores)', async () => {
    const reported: unknown[] = [];
    const realQueueMicrotask = globalThis.queueMicrotask;
    // The thrown errors are reported in microtasks of their own: collected here instead of failing the run.
    vi.spyOn(globalThis, 'queueMicrotask').mockImplementation((task) =>
      realQueueMicrotask(() => {
        try {
          task();
        } catch (error) {
          reported.push(error);
        }
      }),
    );
    const { options, clock } = fakeWorldOptions('subscribe-throws');
    const catalogue = createEagerCatalogue(options);
    opened.push(catalogue);
    await catalogue.auth.ready();
    const heard = new Set<string>();
    const stops: (() => void)[] = [];
    const watched: [string, View<never>][] = [
      ['user', catalogue.user as unknown as View<never>],
      ['outbox', catalogue.outbox as unknown as View<never>],
    ];
    for (const [name, view] of watched) {
      stops.push(
        view.subscribe(() => {
          throw new Error(`listener bug (${name})`);
        }),
      );
      stops.push(view.subscribe(() => heard.add(name)));
    }
    await catalogue.setUser({ account_id: 7, session_id: 'a'.repeat(40) });
    for (let i = 0; i < 300 && heard.size < 2; i++) await clock.flush();
    for (const stop of stops) stop();
    expect([...heard].sort()).toStrictEqual(['outbox', 'user']);
    expect(reported.length).toBeGreaterThanOrEqual(2);
  });
});
