import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import {
  createFirstAnswers,
  IDLE_MS,
  PENDING_MS,
  RENEW_MS,
} from '../../src/store/first-answers/create-first-answers.js';
import type { FirstAnswers } from '../../src/store/first-answers/first-answers.js';
import {
  ANSWERS_STORE,
  type FirstAnswerRow,
  openFirstAnswersDb,
  readFirstAnswer,
  STATE_KEY,
} from '../../src/store/first-answers/first-answers-db.js';
import type { WritersState } from '../../src/store/first-answers/first-answers-state.js';
import { refusePuts, wrapTransactions } from '../support/wrap-transactions.js';

const DB = 'catalogue-test';

/** Timers that fire only when the test says: a session closes exactly when a test lets it. */
function manualTimers() {
  const pending = new Map<number, { fn: () => void; ms: number }>();
  let next = 1;
  return {
    setTimeout(fn: () => void, ms: number) {
      pending.set(next, { fn, ms });
      return next++;
    },
    clearTimeout(handle: unknown) {
      pending.delete(handle as number);
    },
    /** Fires every pending timer (each is a session's idle close). */
    fire() {
      const due = [...pending.values()];
      pending.clear();
      for (const timer of due) timer.fn();
      return due.map((timer) => timer.ms);
    },
  };
}

/**
 * An IDBFactory that counts the transactions of every connection it opens, per mode, and fails the readwrite ones
 * while `failing` is set (a closing connection). While `full` is set, every `put`/`add` fails with
 * `QuotaExceededError` and aborts its transaction, while deletions still commit: what a full disk does.
 */
function instrumented(factory: IDBFactory) {
  const counts = { readonly: 0, readwrite: 0 };
  const control = { counts, failing: false, full: false };
  const wrapped = wrapTransactions(factory, (open, mode) => {
    const kind = mode === 'readwrite' ? 'readwrite' : 'readonly';
    if (kind === 'readwrite' && control.failing) throw new DOMException('injected', 'QuotaExceededError');
    counts[kind] += 1;
    return refusePuts(open(), () => control.full);
  });
  return { factory: wrapped, control };
}

/** One fake IndexedDB, one virtual clock, and as many instances ("tabs") on them as a test opens. */
function world() {
  const indexedDB = new IDBFactory();
  let time = 1_700_000_000_000;
  const now = () => time;
  const tab = (options: { factory?: IDBFactory } = {}) => {
    const timers = manualTimers();
    const answers = createFirstAnswers({ indexedDB: options.factory ?? indexedDB, dbName: DB, now, timers });
    const invalidated: (readonly string[] | 'all')[] = [];
    answers.onInvalidated((keys) => invalidated.push(keys));
    return {
      answers,
      timers,
      invalidated,
      /** Lets the session's idle timer fire and waits for its close to commit. */
      async idle() {
        timers.fire();
        await answers.settled();
      },
    };
  };
  let raw: Promise<IDBDatabase | undefined> | undefined;
  const connection = async () => {
    raw ??= openFirstAnswersDb(indexedDB, DB);
    return (await raw) as IDBDatabase;
  };
  return {
    indexedDB,
    tab,
    advance(ms: number) {
      time += ms;
    },
    /** What a page's reader would get, on a connection of its own. */
    async read(key: string) {
      return readFirstAnswer(await connection(), key);
    },
    async state(): Promise<WritersState> {
      const db = await connection();
      return new Promise((resolve, reject) => {
        const request = db.transaction(ANSWERS_STORE, 'readonly').objectStore(ANSWERS_STORE).get(STATE_KEY);
        request.onsuccess = () => resolve(request.result as WritersState);
        request.onerror = () => reject(request.error);
      });
    },
    async storedKeys(): Promise<string[]> {
      const db = await connection();
      return new Promise((resolve, reject) => {
        const request = db.transaction(ANSWERS_STORE, 'readonly').objectStore(ANSWERS_STORE).getAllKeys();
        request.onsuccess = () => resolve((request.result as string[]).filter((key) => key !== STATE_KEY).sort());
        request.onerror = () => reject(request.error);
      });
    },
    /**
     * Stores an answer the way no instance can while a session is pending: straight into the store and the
     * directory, past every check (to prove what a session's close deletes).
     */
    async bypassPut(key: string, deps: string[]) {
      const db = await connection();
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction(ANSWERS_STORE, 'readwrite');
        const store = tx.objectStore(ANSWERS_STORE);
        const request = store.get(STATE_KEY);
        request.onsuccess = () => {
          const state = request.result as WritersState;
          state.directory[key] = deps;
          store.put(state, STATE_KEY);
          store.put(row(key), key);
        };
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
    },
  };
}

function row(value: unknown): FirstAnswerRow {
  return { data: { value }, updatedAt: 1, expiresAt: 2 };
}

/** Marks and puts at once: what a view does when its fresh read returns `value`. */
async function store(answers: FirstAnswers, key: string, deps: string[], value: unknown = key): Promise<boolean> {
  const mark = await answers.mark();
  if (!mark) return false;
  return answers.put(mark, key, row(value), deps);
}

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('first answers: mark and put', () => {
  it('stores an answer a page reads back, with its deps in the directory', async () => {
    const w = world();
    const { answers } = w.tab();
    const mark = await answers.mark();
    expect(mark).toEqual({ epoch: expect.any(Number), stored: false });
    expect(await answers.put(mark as never, 'trendingTv?page=1', row('a'), ['tvSeries/1', 'syncMeta/"k"'])).toBe(true);
    expect(await w.read('trendingTv?page=1')).toEqual(row('a'));
    expect((await w.state()).directory).toEqual({ 'trendingTv?page=1': ['tvSeries/1', 'syncMeta/"k"'] });
  });

  it('says when the key asked about is stored already (exact, so nothing to write), until a write deletes it', async () => {
    const w = world();
    const { answers, timers } = w.tab();
    expect((await answers.mark('k'))?.stored).toBe(false);
    expect(await store(answers, 'k', ['tvSeries/1'])).toBe(true);
    expect((await answers.mark('k'))?.stored).toBe(true);
    expect((await answers.mark('other'))?.stored).toBe(false);
    expect((await answers.mark())?.stored).toBe(false);
    await answers.guard(['tvSeries/1'], async () => {});
    timers.fire();
    await answers.settled();
    expect((await answers.mark('k'))?.stored).toBe(false);
  });

  it('refuses a mark taken before a write began, even once that write is over; a new mark stores', async () => {
    const w = world();
    const view = w.tab();
    const writer = w.tab();
    const mark = await view.answers.mark();
    await writer.answers.guard(['tvSeries/9'], async () => {});
    expect(await view.answers.put(mark as never, 'k', row('stale'), ['tvSeries/1'])).toBe(false);
    await writer.idle();
    expect(await view.answers.put(mark as never, 'k', row('stale'), ['tvSeries/1'])).toBe(false);
    expect(await w.read('k')).toBeUndefined();
    expect(await store(view.answers, 'k', ['tvSeries/1'])).toBe(true);
  });

  it('refuses while another tab has a session pending, and stores again once it closed', async () => {
    const w = world();
    const view = w.tab();
    const writer = w.tab();
    const writing = deferred();
    const started = deferred();
    const guarded = writer.answers.guard(['tvSeries/9'], () => {
      started.resolve();
      return writing.promise;
    });
    await started.promise;
    // Taken while the session is open: nothing to mark.
    expect(await view.answers.mark()).toBeUndefined();
    const state = await w.state();
    expect(Object.values(state.pending)).toEqual([expect.any(Number)]);
    expect(await view.answers.put({ epoch: state.epoch, stored: false }, 'k', row('x'), ['tvSeries/1'])).toBe(false);
    writing.resolve();
    await guarded;
    // The write is over but the session is not (its idle timer has not fired): still refused.
    expect(
      await view.answers.put({ epoch: (await w.state()).epoch, stored: false }, 'k', row('x'), ['tvSeries/1']),
    ).toBe(false);
    expect(writer.timers.fire()).toEqual([IDLE_MS]);
    await writer.answers.settled();
    expect((await w.state()).pending).toEqual({});
    expect(await store(view.answers, 'k', ['tvSeries/1'])).toBe(true);
  });

  it("a tab that crashed mid-session blocks nobody once its pending entry expired; the answer is the database's then", async () => {
    const w = world();
    const view = w.tab();
    const crashed = w.tab();
    const main = new Map([['title', 'old']]);
    // The write commits, then the tab dies: its session never closes.
    const committed = deferred();
    void crashed.answers.guard(['title'], () => {
      main.set('title', 'new');
      committed.resolve();
      return new Promise(() => {});
    });
    await committed.promise;
    expect(await view.answers.mark()).toBeUndefined();
    w.advance(PENDING_MS - 1);
    expect(await view.answers.mark()).toBeUndefined();
    w.advance(1);
    const mark = await view.answers.mark();
    expect(mark).toBeDefined();
    expect(await view.answers.put(mark as never, 'k', row(main.get('title')), ['title'])).toBe(true);
    expect(await w.read('k')).toEqual(row('new'));
  });

  it('refuses the state key, a missing mark, and while its own session is open', async () => {
    const w = world();
    const { answers, timers } = w.tab();
    const mark = await answers.mark();
    expect(await answers.put(mark as never, STATE_KEY, row('x'), [])).toBe(false);
    expect(await answers.put(undefined as never, 'k', row('x'), [])).toBe(false);
    await answers.guard(['a'], async () => {});
    expect(await answers.mark()).toBeUndefined();
    expect(await answers.put({ epoch: (await w.state()).epoch, stored: false }, 'k', row('x'), [])).toBe(false);
    timers.fire();
    await answers.settled();
    expect(await store(answers, 'k', ['a'])).toBe(true);
  });

  it('keeps at most 32 answers: the 33rd put evicts the oldest put, row and directory entry', async () => {
    const w = world();
    const { answers } = w.tab();
    for (let i = 0; i < 33; i++) expect(await store(answers, `list-${i}`, [`dep/${i}`])).toBe(true);
    const expected = Array.from({ length: 32 }, (_, i) => `list-${i + 1}`);
    expect(await w.storedKeys()).toEqual([...expected].sort());
    const { directory } = await w.state();
    expect(Object.keys(directory)).toEqual(expected);
    expect(directory['list-32']).toEqual(['dep/32']);
    expect(await w.read('list-0')).toBeUndefined();
    // Putting an answer again makes it the newest: the next eviction takes the one after it.
    expect(await store(answers, 'list-1', ['dep/1'])).toBe(true);
    expect(await store(answers, 'list-33', ['dep/33'])).toBe(true);
    expect(Object.keys((await w.state()).directory)[0]).toBe('list-3');
    expect(await w.read('list-1')).toBeDefined();
    expect(await w.read('list-2')).toBeUndefined();
  });
});

describe('first answers: guard', () => {
  it('deletes exactly the answers its deps intersect, before the write runs', async () => {
    const w = world();
    const view = w.tab();
    const writer = w.tab();
    await store(view.answers, 'a', ['tvSeries/1', 'syncMeta/"a"']);
    await store(view.answers, 'b', ['tvSeries/2']);
    await store(view.answers, 'c', ['tvSeries/3']);
    const seen: Record<string, boolean> = {};
    const result = await writer.answers.guard(['tvSeries/1', 'movies/1'], async () => {
      for (const key of ['a', 'b', 'c']) seen[key] = (await w.read(key)) !== undefined;
      return 'written';
    });
    expect(result).toBe('written');
    expect(seen).toEqual({ a: false, b: true, c: true });
    // A later write of the same session deletes its own before it runs, too.
    await writer.answers.guard(['tvSeries/2'], async () => {
      seen.b = (await w.read('b')) !== undefined;
    });
    expect(seen.b).toBe(false);
    await writer.idle();
    expect(await w.storedKeys()).toEqual(['c']);
    expect(Object.keys((await w.state()).directory)).toEqual(['c']);
    expect(writer.invalidated).toEqual([['a', 'b']]);
  });

  it("closes by deleting again every answer the session's deps intersect, from every write of it", async () => {
    const w = world();
    const writer = w.tab();
    await writer.answers.guard(['x'], async () => {});
    await writer.answers.guard(['y'], async () => {});
    // Answers no instance could store while the session is pending (the close is the second line of defence).
    await w.bypassPut('has-x', ['x', 'q']);
    await w.bypassPut('has-y', ['y']);
    await w.bypassPut('has-z', ['z']);
    await writer.idle();
    expect(await w.storedKeys()).toEqual(['has-z']);
    expect((await w.state()).directory).toEqual({ 'has-z': ['z'] });
    expect(writer.invalidated).toEqual([['has-x', 'has-y']]);
  });

  it('a session of thousands of writes (a whole list) still closes by exactly the answers its deps intersect', async () => {
    const w = world();
    const writer = w.tab();
    // 300 writes of 21 deps each, like 300 pages of a list: a freshness row and 20 records.
    const pages = Array.from({ length: 300 }, (_, page) => [
      `syncMeta:list?page=${page + 1}`,
      ...Array.from({ length: 20 }, (_, i) => `tvSeries:${page * 20 + i + 1}`),
    ]);
    await Promise.all(pages.map((deps) => writer.answers.guard(deps, async () => {})));
    await w.bypassPut('record-written', ['tvSeries:4321', 'configuration']);
    await w.bypassPut('page-written', ['syncMeta:list?page=300']);
    await w.bypassPut('record-not-written', ['tvSeries:6001']);
    await w.bypassPut('other-list', ['syncMeta:list?page=301', 'tvSeries:0']);
    await writer.idle();
    expect(await w.storedKeys()).toEqual(['other-list', 'record-not-written']);
    expect(writer.invalidated).toEqual([['record-written', 'page-written']]);
  });

  it('view marks, a write begins and ends, the view puts what it read before: refused; then stores the new value', async () => {
    const w = world();
    const view = w.tab();
    const writer = w.tab();
    const main = new Map([['title', 'old']]);
    const mark = await view.answers.mark();
    const read = main.get('title');
    await writer.answers.guard(['title'], async () => {
      main.set('title', 'new');
    });
    await writer.idle();
    expect(await view.answers.put(mark as never, 'k', row(read), ['title'])).toBe(false);
    expect(await w.read('k')).toBeUndefined();
    expect(await store(view.answers, 'k', ['title'], main.get('title'))).toBe(true);
    expect(await w.read('k')).toEqual(row('new'));
  });

  it('a write that outlives its pending entry: a view that marked meanwhile is refused once the session closed', async () => {
    const w = world();
    const view = w.tab();
    const writer = w.tab();
    const main = new Map([['title', 'old']]);
    const writing = deferred();
    const started = deferred();
    const guarded = writer.answers.guard(['title'], () => {
      started.resolve();
      return writing.promise.then(() => main.set('title', 'new'));
    });
    await started.promise;
    w.advance(PENDING_MS + 1);
    const mark = await view.answers.mark();
    expect(mark).toBeDefined();
    const read = main.get('title');
    writing.resolve();
    await guarded;
    await writer.idle();
    expect(await view.answers.put(mark as never, 'k', row(read), ['title'])).toBe(false);
    expect(await w.read('k')).toBeUndefined();
  });

  it('runs no transaction for a write of an open session whose deps miss every answer', async () => {
    const w = world();
    await store(w.tab().answers, 'a', ['tvSeries/1']);
    const { factory, control } = instrumented(w.indexedDB);
    const writer = w.tab({ factory });
    for (let page = 1; page <= 12; page++) await writer.answers.guard([`listPages/${page}`], async () => {});
    expect(control.counts.readwrite).toBe(1);
    await writer.answers.guard(['tvSeries/1'], async () => {});
    expect(control.counts.readwrite).toBe(2);
    await writer.idle();
    expect(control.counts).toEqual({ readonly: 0, readwrite: 3 });
    expect(await w.storedKeys()).toEqual([]);
  });

  it('renews its pending entry when a write starts within RENEW_MS of its expiry', async () => {
    const w = world();
    const view = w.tab();
    const writer = w.tab();
    await writer.answers.guard(['a'], async () => {});
    w.advance(PENDING_MS - RENEW_MS - 1);
    await writer.answers.guard(['a'], async () => {});
    const { pending } = await w.state();
    w.advance(RENEW_MS);
    await writer.answers.guard(['a'], async () => {});
    const renewed = (await w.state()).pending;
    expect(Object.values(renewed)[0]).toBeGreaterThan(Object.values(pending)[0] as number);
    // Past the first expiry, the session still holds everyone off.
    w.advance(RENEW_MS + 1);
    expect(await view.answers.mark()).toBeUndefined();
    await writer.idle();
    expect(await view.answers.mark()).toBeDefined();
  });

  it('rejects as the write does; the session still closes and its deletions stand', async () => {
    const w = world();
    const view = w.tab();
    const writer = w.tab();
    await store(view.answers, 'a', ['tvSeries/1']);
    const failure = new Error('disk full');
    await expect(
      writer.answers.guard(['tvSeries/1'], async () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
    await writer.idle();
    expect((await w.state()).pending).toEqual({});
    expect(await w.read('a')).toBeUndefined();
    expect(await view.answers.mark()).toBeDefined();
  });

  it('clear() deletes every answer and tells listeners "all"', async () => {
    const w = world();
    const view = w.tab();
    const writer = w.tab();
    await store(view.answers, 'a', ['tvSeries/1']);
    await store(view.answers, 'b', ['movies/1']);
    await writer.answers.clear();
    expect(await w.storedKeys()).toEqual([]);
    await writer.idle();
    expect(writer.invalidated).toEqual(['all']);
    expect(await store(view.answers, 'c', ['movies/1'])).toBe(true);
  });

  it('close() closes an idle session at once (no pending entry left behind) and stops guarding', async () => {
    const w = world();
    const view = w.tab();
    const writer = w.tab();
    await writer.answers.guard(['a'], async () => {});
    expect(await view.answers.mark()).toBeUndefined();
    writer.answers.close();
    await writer.answers.settled();
    expect((await w.state()).pending).toEqual({});
    expect(await view.answers.mark()).toBeDefined();
    // Closed: writes just run, nothing is stored.
    expect(await writer.answers.guard(['b'], async () => 'ran')).toBe('ran');
    expect(await store(writer.answers, 'k', [])).toBe(false);
  });
});

describe('first answers: failures degrade to misses, never to wrong answers', () => {
  it('without a database (cannot open), guard only runs the write, mark is undefined, put refuses', async () => {
    const broken = {
      open: () => {
        throw new DOMException('private mode', 'InvalidStateError');
      },
    } as unknown as IDBFactory;
    const answers = createFirstAnswers({ indexedDB: broken, dbName: DB, now: () => 0, timers: manualTimers() });
    expect(await answers.guard(['a'], async () => 42)).toBe(42);
    expect(await answers.guard('all', async () => 'all')).toBe('all');
    expect(await answers.mark()).toBeUndefined();
    expect(await answers.put({ epoch: 0, stored: false }, 'k', row('x'), [])).toBe(false);
    await answers.clear();
    await answers.settled();
  });

  it('an answer that cannot be stored (not cloneable) is refused whole: no row, no directory entry', async () => {
    const w = world();
    const { answers } = w.tab();
    expect(await store(answers, 'a', ['tvSeries/1'])).toBe(true);
    const mark = await answers.mark();
    const uncloneable = { data: { render: () => 'x' }, updatedAt: 1, expiresAt: 2 };
    expect(await answers.put(mark as never, 'b', uncloneable, ['tvSeries/2'])).toBe(false);
    expect(await w.storedKeys()).toEqual(['a']);
    expect(Object.keys((await w.state()).directory)).toEqual(['a']);
  });

  it("a listener that throws does not stop the session's close nor the writes after it", async () => {
    const w = world();
    const writer = w.tab();
    await store(writer.answers, 'a', ['tvSeries/1']);
    writer.answers.onInvalidated(() => {
      throw new Error('listener bug');
    });
    await writer.answers.guard(['tvSeries/1'], async () => {});
    await writer.idle();
    expect(writer.invalidated).toEqual([['a']]);
    expect(await writer.answers.guard(['tvSeries/2'], async () => 'next')).toBe('next');
    await writer.idle();
    expect((await w.state()).pending).toEqual({});
  });

  it('a failed pre-write deletion still runs the write, and the close then deletes every answer', async () => {
    const w = world();
    const view = w.tab();
    await store(view.answers, 'a', ['tvSeries/1']);
    await store(view.answers, 'b', ['movies/7']);
    const { factory, control } = instrumented(w.indexedDB);
    const writer = w.tab({ factory });
    control.failing = true;
    expect(await writer.answers.guard(['tvSeries/1'], async () => 'written')).toBe('written');
    control.failing = false;
    await writer.idle();
    expect(await w.storedKeys()).toEqual([]);
    expect(writer.invalidated).toEqual(['all']);
    expect((await w.state()).pending).toEqual({});
  });

  it('a failed deletion within an open session widens the close to every answer', async () => {
    const w = world();
    const view = w.tab();
    const { factory, control } = instrumented(w.indexedDB);
    const writer = w.tab({ factory });
    await writer.answers.guard(['movies/1'], async () => {});
    await writer.idle();
    await store(view.answers, 'a', ['tvSeries/1']);
    await store(view.answers, 'b', ['movies/7']);
    await writer.answers.guard(['movies/1'], async () => {});
    control.failing = true;
    expect(await writer.answers.guard(['tvSeries/1'], async () => 'written')).toBe('written');
    control.failing = false;
    await writer.idle();
    expect(await w.storedKeys()).toEqual([]);
  });

  it.each([
    ['every answer (a clear)', 'all' as const],
    ['the answers its deps intersect', ['tvSeries/1']],
  ])(
    'a write on a full disk deletes %s before it runs and at its close, though no state row can be written',
    async (_name, deps) => {
      const w = world();
      const view = w.tab();
      await store(view.answers, 'a', ['tvSeries/1']);
      await store(view.answers, 'b', ['movies/7']);
      const { factory, control } = instrumented(w.indexedDB);
      const writer = w.tab({ factory });
      control.full = true;
      let duringWrite: string[] = [];
      expect(
        await writer.answers.guard(deps, async () => {
          // What a page reloaded now (the tab crashed mid-write) would find.
          duringWrite = await w.storedKeys();
          return 'written';
        }),
      ).toBe('written');
      expect(duringWrite).not.toContain('a');
      // An answer put past every check while the session is open (another tab's stale put): the close deletes it.
      await w.bypassPut('c', ['tvSeries/1']);
      await writer.idle();
      const left = await w.storedKeys();
      expect(left).not.toContain('a');
      expect(left).not.toContain('c');
      expect(writer.invalidated).toEqual(['all']);
      control.full = false;
    },
  );

  it('a full disk at the close only (the write freed nothing): the answers the session touched still go', async () => {
    const w = world();
    const view = w.tab();
    const { factory, control } = instrumented(w.indexedDB);
    const writer = w.tab({ factory });
    await store(view.answers, 'a', ['tvSeries/1']);
    await writer.answers.guard(['tvSeries/1'], async () => {
      control.full = true;
    });
    await w.bypassPut('b', ['tvSeries/1']);
    await writer.idle();
    control.full = false;
    expect(await w.storedKeys()).toEqual([]);
  });
});
