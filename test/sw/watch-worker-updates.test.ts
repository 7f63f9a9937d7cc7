import { describe, expect, it } from 'vitest';
import {
  SKIP_WAITING,
  type UpdatingRegistration,
  type WorkerLike,
  type WorkerUpdateState,
  watchWorkerUpdates,
} from '../../src/sw/index.js';
import { createVirtualClock } from '../../src/testing/index.js';

/** A `ServiceWorker`: its state moves as the browser would move it, with `statechange` each time. */
class FakeWorker implements WorkerLike {
  state = 'installing';
  readonly received: unknown[] = [];
  private readonly listeners = new Set<() => void>();
  postMessage(message: unknown): void {
    this.received.push(message);
  }
  addEventListener(_: 'statechange', listener: () => void): void {
    this.listeners.add(listener);
  }
  removeEventListener(_: 'statechange', listener: () => void): void {
    this.listeners.delete(listener);
  }
  get listening(): number {
    return this.listeners.size;
  }
  to(state: string): void {
    this.state = state;
    for (const listener of [...this.listeners]) listener();
  }
}

/** A registration whose slots follow the spec's order: the slot changes first, then the worker's state event. */
class FakeRegistration implements UpdatingRegistration {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  active: FakeWorker | null = null;
  updates = 0;
  private readonly listeners = new Set<() => void>();
  async update(): Promise<void> {
    this.updates += 1;
  }
  addEventListener(_: 'updatefound', listener: () => void): void {
    this.listeners.add(listener);
  }
  removeEventListener(_: 'updatefound', listener: () => void): void {
    this.listeners.delete(listener);
  }
  /** A new worker script was found: it starts installing. */
  found(): FakeWorker {
    const worker = new FakeWorker();
    this.installing = worker;
    for (const listener of [...this.listeners]) listener();
    return worker;
  }
  installed(worker: FakeWorker): void {
    this.installing = null;
    this.waiting = worker;
    worker.to('installed');
  }
  activated(worker: FakeWorker): void {
    this.waiting = null;
    this.active = worker;
    worker.to('activating');
    worker.to('activated');
  }
}

function fakeContainer() {
  const listeners = new Set<() => void>();
  return {
    addEventListener: (_: 'controllerchange', listener: () => void) => listeners.add(listener),
    removeEventListener: (_: 'controllerchange', listener: () => void) => listeners.delete(listener),
    controllerChanged: () => {
      for (const listener of [...listeners]) listener();
    },
    listeners,
  };
}

function fakeDocument() {
  const listeners = new Set<() => void>();
  return {
    visibilityState: 'hidden',
    addEventListener: (_: 'visibilitychange', listener: () => void) => listeners.add(listener),
    removeEventListener: (_: 'visibilitychange', listener: () => void) => listeners.delete(listener),
    show() {
      this.visibilityState = 'visible';
      for (const listener of [...listeners]) listener();
    },
    hide() {
      this.visibilityState = 'hidden';
      for (const listener of [...listeners]) listener();
    },
    listeners,
  };
}

function setUp(options: { active?: boolean } = {}) {
  const registration = new FakeRegistration();
  if (options.active !== false) registration.active = Object.assign(new FakeWorker(), { state: 'activated' });
  const container = fakeContainer();
  const doc = fakeDocument();
  const clock = createVirtualClock(0);
  const reloads: number[] = [];
  const updates = watchWorkerUpdates(registration, {
    container,
    document: doc,
    clock,
    reload: () => reloads.push(clock.now()),
  });
  const states: WorkerUpdateState[] = [];
  updates.subscribe((state) => states.push(state));
  return { registration, container, doc, clock, reloads, updates, states };
}

describe('watchWorkerUpdates', () => {
  it('a new build: installing, then waiting while the old version is active → waiting; apply → SKIP_WAITING, reload once', async () => {
    const { registration, container, reloads, updates, states } = setUp();
    const waitingSeen = updates.onWaiting();
    const next = registration.found();
    expect(updates.state).toBe('current');
    registration.installed(next);
    expect(updates.state).toBe('waiting');
    await waitingSeen;

    updates.applyUpdate();
    expect(next.received).toEqual([SKIP_WAITING]);
    expect(updates.state).toBe('applying');
    expect(reloads).toEqual([]);
    registration.activated(next);
    container.controllerChanged();
    container.controllerChanged();
    expect(reloads).toHaveLength(1);
    expect(states).toEqual(['waiting', 'applying']);
  });

  it('the first install is no update: it activates at once, takes control, and nothing reloads', () => {
    const { registration, container, reloads, updates, states } = setUp({ active: false });
    const first = registration.found();
    registration.installed(first);
    registration.activated(first);
    container.controllerChanged(); // clients.claim() on the first activation
    expect(updates.state).toBe('current');
    expect(states).toEqual([]);
    expect(reloads).toEqual([]);
  });

  it('finds a version already waiting when the page opens (found by an earlier tab or visit)', async () => {
    const registration = new FakeRegistration();
    registration.active = Object.assign(new FakeWorker(), { state: 'activated' });
    registration.waiting = Object.assign(new FakeWorker(), { state: 'installed' });
    const updates = watchWorkerUpdates(registration, { container: fakeContainer(), document: null });
    expect(updates.state).toBe('waiting');
    await expect(updates.onWaiting()).resolves.toBeUndefined();
  });

  it('a page that saw the update waiting reloads when another tab applies it; one that saw none does not', () => {
    const saw = setUp();
    saw.registration.installed(saw.registration.found());
    saw.container.controllerChanged();
    expect(saw.reloads).toHaveLength(1);
    expect(saw.registration.waiting?.received).toEqual([]);

    const sawNone = setUp();
    sawNone.container.controllerChanged();
    expect(sawNone.reloads).toEqual([]);
  });

  it('applyUpdate with nothing waiting does nothing', () => {
    const { updates, states, reloads } = setUp();
    updates.applyUpdate();
    expect(updates.state).toBe('current');
    expect(states).toEqual([]);
    expect(reloads).toEqual([]);
  });

  it('looks for a new version when the page becomes visible, at most once a minute, and on checkNow()', async () => {
    const { registration, doc, clock, updates } = setUp();
    doc.show();
    expect(registration.updates).toBe(1);
    doc.hide();
    await clock.advance(30_000);
    doc.show();
    expect(registration.updates).toBe(1);
    doc.hide();
    await clock.advance(30_000);
    doc.show();
    expect(registration.updates).toBe(2);
    await updates.checkNow();
    expect(registration.updates).toBe(3);
  });

  it('stop() removes every listener it added', () => {
    const { registration, container, doc, updates } = setUp();
    const next = registration.found();
    expect(next.listening).toBe(1);
    updates.stop();
    expect(next.listening).toBe(0);
    expect(container.listeners.size).toBe(0);
    expect(doc.listeners.size).toBe(0);
    registration.installed(next);
    expect(updates.state).toBe('current');
  });

  it('refuses a minCheckInterval that is not a number of ms', () => {
    expect(() =>
      watchWorkerUpdates(new FakeRegistration(), { container: fakeContainer(), minCheckInterval: Number.NaN }),
    ).toThrow(TypeError);
  });
});
