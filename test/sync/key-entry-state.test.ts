import { describe, expect, it } from 'vitest';
import {
  demandAfterRead,
  demandStep,
  firstReadStep,
  isReadBeforeWrite,
  isSettled,
} from '../../src/sync/key-entry-decisions.js';
import {
  initialKeyEntryState,
  type KeyEntryAction,
  type KeyEntryState,
  reduceKeyEntry,
} from '../../src/sync/key-entry-state.js';
import type { ViewSnapshot } from '../../src/sync/view-snapshot.js';

type Data = { readonly id: number; readonly name: string };
type State = KeyEntryState<Data>;
type Action = KeyEntryAction<Data>;

const NOW = 1_000_000;
const DATA: Data = Object.freeze({ id: 1, name: 'one' });
const META = { fetchedAt: NOW - 10, expiresAt: NOW + 60_000, writeId: 'w1' };

/** A state as the entry reaches it, frozen as the reducer's own are. */
function state(change: Partial<Omit<State, 'snapshot'>> & { snapshot?: Partial<ViewSnapshot<Data>> } = {}): State {
  const base = initialKeyEntryState<Data>();
  const { snapshot, ...rest } = change;
  return Object.freeze({ ...base, ...rest, snapshot: Object.freeze({ ...base.snapshot, ...snapshot }) });
}

/** Observed, its first read done, showing a fresh stored answer. */
const shownFresh = state({
  presence: 'observed',
  loaded: true,
  shownWriteId: 'w1',
  expiresAt: META.expiresAt,
  snapshot: { data: DATA, status: 'fresh', updatedAt: META.fetchedAt },
});
/** Observed, no read yet, one demand of each kind waiting for it. */
const awaitingRead = state({ presence: 'observed', waiting: ['present', 'fresh'] });
/** A fetch stored write w2 while w1 is shown: `fetching` stays on until a read shows it. */
const settlingW2 = state({
  ...shownFresh,
  settling: { writeId: 'w2', shownBefore: 'w1' },
  snapshot: { ...shownFresh.snapshot, fetching: true },
});

const read = (change: Partial<Extract<Action, { type: 'read' }>> = {}): Action => ({
  type: 'read',
  data: DATA,
  meta: META,
  now: NOW,
  inFlight: false,
  ...change,
});

interface Row {
  readonly name: string;
  readonly from: State;
  readonly action: Action;
  /** What differs in the state after (snapshot fields under `snapshot`). */
  readonly to: Partial<Omit<State, 'snapshot'>> & { snapshot?: Partial<ViewSnapshot<Data>> };
}

const BOOM = new Error('boom');

const transitions: Row[] = [
  { name: 'the first observer arrives', from: state(), action: { type: 'arrived' }, to: { presence: 'observed' } },
  {
    name: 'an observer is back within the grace',
    from: state({ ...shownFresh, presence: 'grace' }),
    action: { type: 'arrived' },
    to: { presence: 'observed' },
  },
  {
    name: 'the last observer leaves with a grace: everything stays',
    from: settlingW2,
    action: { type: 'left', graceMs: 5_000 },
    to: { presence: 'grace' },
  },
  {
    name: 'the last observer leaves without a grace: what a new observer decides afresh is forgotten, the snapshot stays',
    from: settlingW2,
    action: { type: 'left', graceMs: 0 },
    to: { presence: 'idle', loaded: false, settling: undefined },
  },
  {
    name: 'the grace ends: waiting demands are dropped',
    from: state({ ...awaitingRead, presence: 'grace' }),
    action: { type: 'graceEnded' },
    to: { presence: 'idle', waiting: [] },
  },
  {
    name: 'a fresh observer subscribes',
    from: shownFresh,
    action: { type: 'subscribed', demand: 'fresh' },
    to: { keepFresh: 1 },
  },
  {
    name: 'a fresh observer unsubscribes',
    from: state({ ...shownFresh, keepFresh: 2 }),
    action: { type: 'unsubscribed', demand: 'fresh' },
    to: { keepFresh: 1 },
  },
  {
    name: 'a demand before the first read waits for it',
    from: awaitingRead,
    action: { type: 'demanded', demand: 'fresh' },
    to: { waiting: ['present', 'fresh', 'fresh'] },
  },
  {
    name: 'a view shows an early answer',
    from: awaitingRead,
    action: { type: 'adopted', data: DATA },
    to: { showing: DATA },
  },
  {
    name: 'a fetch starts',
    from: shownFresh,
    action: { type: 'fetchStarted' },
    to: { snapshot: { fetching: true } },
  },
  {
    name: 'an observed fetch stores a new write: fetching stays on until it is shown, the error clears',
    from: state({ ...shownFresh, snapshot: { ...shownFresh.snapshot, fetching: true, error: BOOM } }),
    action: { type: 'fetchSucceeded', writeId: 'w2' },
    to: { settling: { writeId: 'w2', shownBefore: 'w1' }, snapshot: { error: undefined } },
  },
  {
    name: 'an observed fetch stores what is shown already (a 304 without a new write): done at once',
    from: state({ ...shownFresh, snapshot: { ...shownFresh.snapshot, fetching: true } }),
    action: { type: 'fetchSucceeded', writeId: 'w1' },
    to: { snapshot: { fetching: false } },
  },
  {
    name: 'an observed fetch succeeds without a write id: done at once',
    from: state({ ...shownFresh, snapshot: { ...shownFresh.snapshot, fetching: true, error: BOOM } }),
    action: { type: 'fetchSucceeded', writeId: undefined },
    to: { snapshot: { fetching: false, error: undefined } },
  },
  {
    name: 'a fetch nobody observes any more is stored: done at once (no read will show it)',
    from: state({ ...shownFresh, presence: 'idle', snapshot: { ...shownFresh.snapshot, fetching: true } }),
    action: { type: 'fetchSucceeded', writeId: 'w2' },
    to: { snapshot: { fetching: false } },
  },
  {
    name: 'a fetch fails: its error shows, waiting demands have their answer, the failure time is kept',
    from: state({ ...awaitingRead, snapshot: { fetching: true } }),
    action: { type: 'fetchFailed', error: BOOM, at: NOW },
    to: { waiting: [], failedAt: NOW, snapshot: { fetching: false, error: BOOM } },
  },
  {
    name: 'a fetch is aborted: not an error, waiting demands stay',
    from: state({ ...awaitingRead, snapshot: { fetching: true, error: BOOM } }),
    action: { type: 'fetchAborted' },
    to: { snapshot: { fetching: false } },
  },
  {
    name: 'the first read finds nothing stored',
    from: awaitingRead,
    action: read({ data: undefined, meta: undefined }),
    to: { loaded: true, waiting: [], snapshot: { status: 'missing' } },
  },
  {
    name: 'the first read finds nothing, with the fetch its demands started in flight',
    from: awaitingRead,
    action: read({ data: undefined, meta: undefined, inFlight: true }),
    to: { loaded: true, waiting: [], snapshot: { status: 'missing', fetching: true } },
  },
  {
    name: 'the first read finds a fresh stored answer, and the adopted early answer is let go',
    from: state({ ...awaitingRead, showing: DATA }),
    action: read(),
    to: {
      loaded: true,
      waiting: [],
      showing: undefined,
      shownWriteId: 'w1',
      expiresAt: META.expiresAt,
      snapshot: { data: DATA, status: 'fresh', updatedAt: META.fetchedAt },
    },
  },
  {
    name: 'a read past the expiry shows stale',
    from: shownFresh,
    action: read({ now: META.expiresAt }),
    to: { snapshot: { status: 'stale' } },
  },
  {
    name: 'a read of an answer never fetched as such (rebuilt from records) shows stale, without a time',
    from: awaitingRead,
    action: read({ meta: undefined }),
    to: {
      loaded: true,
      waiting: [],
      shownWriteId: undefined,
      snapshot: { data: DATA, status: 'stale', updatedAt: undefined },
    },
  },
  {
    name: 'a read shows the settling write: fetching ends',
    from: settlingW2,
    action: read({ meta: { ...META, fetchedAt: NOW, writeId: 'w2' } }),
    to: { settling: undefined, shownWriteId: 'w2', snapshot: { fetching: false, updatedAt: NOW } },
  },
  {
    name: 'a read still showing the write from before the fetch: fetching stays on',
    from: settlingW2,
    action: read(),
    to: {},
  },
  {
    name: 'a first read taken before the settled fetch’s write (adopted request): the settling stays',
    from: state({ presence: 'observed', settling: { writeId: 'w2', shownBefore: undefined } }),
    action: read({ data: undefined, meta: undefined }),
    to: { loaded: true, snapshot: { status: 'missing', fetching: true } },
  },
  {
    name: 'evicted under an observer: the read shows missing',
    from: shownFresh,
    action: read({ data: undefined, meta: undefined }),
    to: {
      shownWriteId: undefined,
      expiresAt: undefined,
      snapshot: { data: undefined, status: 'missing', updatedAt: undefined },
    },
  },
  {
    name: 'the live read fails before answering: waiting demands give up',
    from: awaitingRead,
    action: { type: 'liveReadFailed', error: BOOM },
    to: { loaded: true, waiting: [], snapshot: { error: BOOM } },
  },
  {
    name: 'a read again fails: only the error shows',
    from: shownFresh,
    action: { type: 'readAgainFailed', error: BOOM },
    to: { snapshot: { error: BOOM } },
  },
  {
    name: 'the expiry timer fires',
    from: shownFresh,
    action: { type: 'expired' },
    to: { snapshot: { status: 'stale' } },
  },
];

describe('reduceKeyEntry: each action from the states where it happens', () => {
  it.each(transitions)('$name', ({ from, action, to }) => {
    const { snapshot: snapshotChange, ...change } = to;
    const next = reduceKeyEntry(from, action);
    expect(next).toEqual({ ...from, ...change, snapshot: { ...from.snapshot, ...snapshotChange } });
    expect(Object.isFrozen(next)).toBe(true);
    expect(Object.isFrozen(next.snapshot)).toBe(true);
    // Observers are told exactly when what they see changed.
    if (snapshotChange !== undefined) expect(next.snapshot).not.toBe(from.snapshot);
    else expect(next.snapshot).toBe(from.snapshot);
  });

  it('never changes the state it is given', () => {
    for (const { from, action } of transitions) {
      const copy = structuredClone(from);
      reduceKeyEntry(from, action);
      expect(from).toEqual(copy);
    }
  });
});

const unchanged: { name: string; from: State; action: Action }[] = [
  { name: 'arrived while observed', from: shownFresh, action: { type: 'arrived' } },
  { name: 'left again within the grace', from: state({ presence: 'grace' }), action: { type: 'left', graceMs: 5 } },
  { name: 'graceEnded when idle with nothing to forget', from: state(), action: { type: 'graceEnded' } },
  { name: 'a present observer subscribes', from: shownFresh, action: { type: 'subscribed', demand: 'present' } },
  { name: 'a present observer unsubscribes', from: shownFresh, action: { type: 'unsubscribed', demand: 'present' } },
  { name: 'a demand after the first read', from: shownFresh, action: { type: 'demanded', demand: 'fresh' } },
  { name: 'a demand on an idle entry', from: state(), action: { type: 'demanded', demand: 'fresh' } },
  {
    name: 'the same early answer adopted again',
    from: state({ showing: DATA }),
    action: { type: 'adopted', data: DATA },
  },
  {
    name: 'a fetch starts while one is shown in flight',
    from: state({ ...shownFresh, snapshot: { ...shownFresh.snapshot, fetching: true } }),
    action: { type: 'fetchStarted' },
  },
  { name: 'an abort when nothing was shown fetching', from: shownFresh, action: { type: 'fetchAborted' } },
  { name: 'a read again of the same answer', from: shownFresh, action: read() },
  {
    name: 'a read of an equal answer (another object)',
    from: shownFresh,
    action: read({ data: { id: 1, name: 'one' } }),
  },
  {
    name: 'the expiry when already stale',
    from: state({ snapshot: { status: 'stale' } }),
    action: { type: 'expired' },
  },
];

describe('reduceKeyEntry: the same object when nothing changes (no notification)', () => {
  it.each(unchanged)('$name', ({ from, action }) => {
    expect(reduceKeyEntry(from, action)).toBe(from);
  });

  it('a read of an equal answer keeps the data object already shown', () => {
    const next = reduceKeyEntry(shownFresh, read({ data: { id: 1, name: 'one' }, now: META.expiresAt }));
    expect(next.snapshot.status).toBe('stale');
    expect(next.snapshot.data).toBe(DATA);
  });

  it('a change observers cannot see (a demand waiting) keeps the snapshot object', () => {
    const next = reduceKeyEntry(awaitingRead, { type: 'demanded', demand: 'present' });
    expect(next).not.toBe(awaitingRead);
    expect(next.snapshot).toBe(awaitingRead.snapshot);
  });
});

describe('the decisions taken from the state', () => {
  it('a first read fetches for its waiting demands what is missing, or stale when one wants it fresh', () => {
    const found = { found: true, meta: META, now: NOW, inFlight: false };
    const missing = { found: false, meta: undefined, now: NOW, inFlight: false };
    const stale = { ...found, now: META.expiresAt };
    expect(firstReadStep(awaitingRead, missing)).toBe('fetch');
    expect(firstReadStep(awaitingRead, stale)).toBe('fetch');
    expect(firstReadStep(state({ presence: 'observed', waiting: ['present'] }), stale)).toBe('none');
    expect(firstReadStep(awaitingRead, found)).toBe('none');
    expect(firstReadStep(awaitingRead, { ...missing, inFlight: true })).toBe('none');
    expect(firstReadStep(state({ presence: 'observed' }), missing)).toBe('none');
    // Only the first read decides for waiting demands.
    expect(firstReadStep(state({ ...awaitingRead, loaded: true }), missing)).toBe('none');
    const adopted = state({
      presence: 'observed',
      waiting: ['fresh'],
      settling: { writeId: 'w2', shownBefore: undefined },
    });
    expect(isReadBeforeWrite(adopted, false)).toBe(true);
    expect(firstReadStep(adopted, missing)).toBe('readAgain');
    expect(firstReadStep(adopted, found)).toBe('none');
  });

  it('a later read fetches again on data → missing and revalidates on fresh → stale, only then', () => {
    const evicted = reduceKeyEntry(shownFresh, read({ data: undefined, meta: undefined }));
    expect(demandAfterRead(shownFresh, evicted, false)).toBe('present');
    expect(demandAfterRead(shownFresh, { ...evicted, keepFresh: 1 }, false)).toBe('fresh');
    expect(demandAfterRead(shownFresh, evicted, true)).toBeUndefined();
    expect(demandAfterRead(evicted, evicted, false)).toBeUndefined();
    const markedStale = reduceKeyEntry(shownFresh, read({ meta: { ...META, expiresAt: NOW } }));
    expect(markedStale.snapshot.status).toBe('stale');
    expect(demandAfterRead(shownFresh, { ...markedStale, keepFresh: 1 }, false)).toBe('fresh');
    expect(demandAfterRead(shownFresh, markedStale, false)).toBeUndefined();
    expect(demandAfterRead(markedStale, { ...markedStale, keepFresh: 1 }, false)).toBeUndefined();
    expect(demandAfterRead(settlingW2, { ...evicted, settling: settlingW2.settling }, false)).toBeUndefined();
    // A first read's decisions are `firstReadStep`'s.
    expect(demandAfterRead(awaitingRead, evicted, false)).toBeUndefined();
  });

  it('a demand waits for the first read, then fetches only what it needs', () => {
    const context = { inFlight: false, now: NOW, graceMs: 5_000 };
    expect(demandStep(awaitingRead, 'fresh', context)).toBe('wait');
    expect(demandStep(shownFresh, 'fresh', context)).toBe('none');
    const stale = state({ ...shownFresh, snapshot: { ...shownFresh.snapshot, status: 'stale' } });
    expect(demandStep(stale, 'present', context)).toBe('none');
    expect(demandStep(stale, 'fresh', context)).toBe('fetch');
    expect(demandStep(stale, 'fresh', { ...context, inFlight: true })).toBe('none');
    expect(demandStep(state({ ...stale, settling: { writeId: 'w2', shownBefore: 'w1' } }), 'fresh', context)).toBe(
      'none',
    );
    const failed = state({
      presence: 'observed',
      loaded: true,
      failedAt: NOW,
      snapshot: { status: 'missing', error: BOOM },
    });
    expect(demandStep(failed, 'present', { ...context, now: NOW + 4_999 })).toBe('none');
    expect(demandStep(failed, 'present', { ...context, now: NOW + 5_000 })).toBe('fetch');
    expect(demandStep(failed, 'present', { ...context, graceMs: 0 })).toBe('fetch');
  });

  it('settled: read, nothing waiting, nothing in flight or still to be shown', () => {
    expect(isSettled(shownFresh, false)).toBe(true);
    expect(isSettled(shownFresh, true)).toBe(false);
    expect(isSettled(settlingW2, false)).toBe(false);
    expect(isSettled(awaitingRead, false)).toBe(false);
    expect(isSettled(state({ ...awaitingRead, loaded: true, waiting: [] }), false)).toBe(true);
  });
});
