import { describe, expect, it } from 'vitest';
import {
  installBackgroundRefresh,
  isWorkerMessage,
  isWorkerReplyTimeoutError,
  PROTOCOL,
  type RegistrationLike,
  registerBackgroundRefresh,
  WorkerReplyTimeoutError,
} from '../../src/sw/index.js';
import type { RefreshResult } from '../../src/sync/sync-engine.js';
import { createVirtualClock } from '../../src/testing/index.js';
import { FakeWorkerScope } from './fake-worker-scope.js';

const RESULT: RefreshResult = { updated: 1, unchanged: 0, failed: 0, remaining: 0 };

/** `document` as far as visibility goes: a test flips it. */
function fakeDocument() {
  const listeners = new Set<() => void>();
  return {
    visibilityState: 'hidden',
    addEventListener: (_: 'visibilitychange', listener: () => void) => listeners.add(listener),
    removeEventListener: (_: 'visibilitychange', listener: () => void) => listeners.delete(listener),
    listeners,
    show() {
      this.visibilityState = 'visible';
      for (const listener of [...listeners]) listener();
    },
    hide() {
      this.visibilityState = 'hidden';
      for (const listener of [...listeners]) listener();
    },
  };
}

/** `navigator.serviceWorker` as far as broadcasts go. */
function fakeContainer() {
  const listeners = new Set<(event: { data: unknown }) => void>();
  return {
    addEventListener: (_: 'message', listener: (event: { data: unknown }) => void) => listeners.add(listener),
    removeEventListener: (_: 'message', listener: (event: { data: unknown }) => void) => listeners.delete(listener),
    emit: (data: unknown) => {
      for (const listener of [...listeners]) listener({ data });
    },
    listeners,
  };
}

/**
 * An active worker running the real worker side on a fake scope: a page's message with its port arrives as the
 * scope's `message` event, through a real MessageChannel.
 */
function workerWithRefresh(onRefresh: () => void = () => {}) {
  const scope = new FakeWorkerScope();
  installBackgroundRefresh(scope, {
    createCatalogue: () => ({
      sync: {
        refresh: async () => {
          onRefresh();
          return RESULT;
        },
      } as never,
    }),
    clock: createVirtualClock(0),
  });
  return {
    postMessage(message: unknown, transfer: Transferable[]) {
      scope.dispatch('message', { data: message, ports: transfer as unknown as MessagePort[] });
    },
  };
}

function registration(parts: Partial<RegistrationLike> & { log?: string[] }): RegistrationLike {
  return { active: null, ...parts };
}

describe('registerBackgroundRefresh: which mode', () => {
  it('uses periodic sync when the browser permits it, and adds no visibility refresh', async () => {
    const log: string[] = [];
    const doc = fakeDocument();
    const handle = await registerBackgroundRefresh(
      registration({
        periodicSync: { register: async (tag, { minInterval }) => void log.push(`periodic ${tag} ${minInterval}`) },
        sync: { register: async (tag) => void log.push(`sync ${tag}`) },
      }),
      { minInterval: 3_600_000, document: doc, container: null },
    );
    expect(handle.mode).toBe('periodic-sync');
    expect(handle.fallbackReason).toBeUndefined();
    expect(log).toEqual(['periodic catalogue-sync 3600000']);
    expect(doc.listeners.size).toBe(0);
  });

  it('falls back to background sync when periodic sync is refused, and syncs again when the page shows', async () => {
    const log: string[] = [];
    const doc = fakeDocument();
    const clock = createVirtualClock(0);
    const handle = await registerBackgroundRefresh(
      registration({
        periodicSync: {
          register: async () => {
            throw new DOMException('Permission denied.', 'NotAllowedError');
          },
        },
        sync: { register: async (tag) => void log.push(`sync ${tag}`) },
      }),
      { tag: 'shows', document: doc, container: null, clock, minVisibleInterval: 60_000 },
    );
    expect(handle.mode).toBe('background-sync');
    expect(handle.fallbackReason).toBe('NotAllowedError: Permission denied.');
    expect(log).toEqual(['sync shows']);

    doc.show();
    doc.hide();
    doc.show(); // within a minute of the last: no new sync
    expect(log).toEqual(['sync shows', 'sync shows']);
    await clock.advance(60_000);
    doc.hide();
    doc.show();
    expect(log).toEqual(['sync shows', 'sync shows', 'sync shows']);
    handle.stop();
    expect(doc.listeners.size).toBe(0);
  });

  it('falls back to messages without either API: the page asks the worker when it becomes visible', async () => {
    const doc = fakeDocument();
    let refreshes = 0;
    const handle = await registerBackgroundRefresh(
      registration({ active: workerWithRefresh(() => (refreshes += 1)) }),
      { document: doc, container: null },
    );
    expect(handle.mode).toBe('messages');
    expect(handle.fallbackReason).toBe('Error: Periodic Background Sync is not supported');
    doc.show();
    await expect.poll(() => refreshes).toBe(1);
    handle.stop();
  });

  it('rejects a minInterval that is not a positive number', async () => {
    await expect(registerBackgroundRefresh(registration({}), { minInterval: 0 })).rejects.toThrow(TypeError);
    await expect(registerBackgroundRefresh(registration({}), { minInterval: Number.NaN })).rejects.toThrow(
      /minInterval/,
    );
  });
});

describe('registerBackgroundRefresh: talking to the worker', () => {
  it('refreshNow and status go over a MessageChannel and resolve with the worker’s answers', async () => {
    const handle = await registerBackgroundRefresh(registration({ active: workerWithRefresh() }), {
      document: null,
      container: null,
    });
    const run = await handle.refreshNow();
    expect(run).toMatchObject({ trigger: 'message', outcome: 'done', result: RESULT });
    expect(await handle.status()).toMatchObject({ tag: 'catalogue-sync', running: false, runs: 1, lastRun: run });
  });

  it('rejects when no worker is active, and with WorkerReplyTimeoutError when the worker never answers', async () => {
    const clock = createVirtualClock(0);
    const none = await registerBackgroundRefresh(registration({}), { document: null, container: null });
    await expect(none.refreshNow()).rejects.toThrow(/not active/);

    const silent = await registerBackgroundRefresh(registration({ active: { postMessage: () => {} } }), {
      document: null,
      container: null,
      clock,
      replyTimeoutMs: 1_000,
    });
    const asked = silent.status().catch((error: unknown) => error);
    await clock.advance(1_000);
    const error = await asked;
    expect(error).toBeInstanceOf(WorkerReplyTimeoutError);
    expect(isWorkerReplyTimeoutError(error)).toBe(true);
    expect(isWorkerReplyTimeoutError({ name: 'WorkerReplyTimeoutError', message: 'crossed postMessage' })).toBe(true);
    expect(isWorkerReplyTimeoutError(new Error('other'))).toBe(false);
  });

  it('hands the worker’s run-finished broadcasts to onRun listeners until stopped', async () => {
    const container = fakeContainer();
    const handle = await registerBackgroundRefresh(registration({}), { document: null, container });
    const heard: string[] = [];
    const off = handle.onRun((run) => heard.push(run.trigger));
    const run = { trigger: 'periodicsync', startedAt: 0, finishedAt: 1, outcome: 'done', result: RESULT };
    container.emit({ protocol: PROTOCOL, type: 'run-finished', run });
    container.emit({ protocol: 'other', type: 'run-finished', run });
    container.emit({ protocol: PROTOCOL, type: 'refreshed', id: 1, run });
    expect(isWorkerMessage({ protocol: PROTOCOL, type: 'run-finished', run })).toBe(true);
    expect(heard).toEqual(['periodicsync']);
    off();
    container.emit({ protocol: PROTOCOL, type: 'run-finished', run });
    expect(heard).toEqual(['periodicsync']);
    handle.onRun((r) => heard.push(r.trigger));
    handle.stop();
    expect(container.listeners.size).toBe(0);
  });
});
