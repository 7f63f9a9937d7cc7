import { answerFreshness } from './freshness.js';
import type { Demand, KeyEntryState, ReadMeta } from './key-entry-state.js';
import type { ViewStatus } from './view-snapshot.js';

/** The status a read shows: missing, or the stored answer's freshness (stale when not fetched as such). */
export function readStatus(found: boolean, meta: ReadMeta | undefined, now: number): ViewStatus {
  if (!found) return 'missing';
  return answerFreshness(meta !== undefined && meta.fetchedAt > 0 ? meta.expiresAt : undefined, now);
}

/**
 * Whether a read is a first read taken before the write of a fetch that has already settled (a request adopted
 * from before the engine can be stored before the view's first read answers): it is read again rather than
 * fetched twice, and does not end the settling.
 */
export function isReadBeforeWrite(state: KeyEntryState<unknown>, found: boolean): boolean {
  return !state.loaded && state.settling !== undefined && !found;
}

/**
 * What a read does, before its state is taken, for the demands that waited for the first read: read again (see
 * `isReadBeforeWrite`), start their fetch (what is missing, or stale when one wants it fresh), or nothing.
 */
export function firstReadStep(
  state: KeyEntryState<unknown>,
  read: { found: boolean; meta: ReadMeta | undefined; now: number; inFlight: boolean },
): 'readAgain' | 'fetch' | 'none' {
  if (state.loaded) return 'none';
  if (isReadBeforeWrite(state, read.found)) return 'readAgain';
  const status = readStatus(read.found, read.meta, read.now);
  const wanted = status === 'missing' || (status === 'stale' && state.waiting.includes('fresh'));
  return wanted && state.waiting.length > 0 && !read.inFlight ? 'fetch' : 'none';
}

/**
 * The demand a later read makes (`before` → `after`), when nothing is on its way: evicted or cleared under an
 * observer, the key is fetched again as its first read would have; marked stale by a write before its expiry (a
 * change feed, another tab), it is revalidated now, not at the next timer. Only on those transitions, so a
 * refetch or revalidation that fails does not loop.
 */
export function demandAfterRead(
  before: KeyEntryState<unknown>,
  after: KeyEntryState<unknown>,
  inFlight: boolean,
): Demand | undefined {
  if (!before.loaded || inFlight || after.settling !== undefined) return undefined;
  if (before.snapshot.data !== undefined && after.snapshot.status === 'missing') {
    return after.keepFresh > 0 ? 'fresh' : 'present';
  }
  if (before.snapshot.status === 'fresh' && after.snapshot.status === 'stale' && after.keepFresh > 0) return 'fresh';
  return undefined;
}

/**
 * What a demand made now needs: to wait for the first read (decisions are taken from it, so a fresh key costs
 * the network nothing), a fetch, or nothing: the key is fresh, or stale and only presence is asked, or an answer
 * is on its way (a fetch in flight, or a stored one the live read has not shown yet), or a failure moments ago
 * (a 404 for an id typed twice) stands for the grace (refresh() asks again).
 */
export function demandStep(
  state: KeyEntryState<unknown>,
  demand: Demand,
  context: { inFlight: boolean; now: number; graceMs: number },
): 'wait' | 'fetch' | 'none' {
  if (!state.loaded) return 'wait';
  const { status, error } = state.snapshot;
  if (status === 'fresh' || (status === 'stale' && demand === 'present')) return 'none';
  if (context.inFlight || state.settling !== undefined) return 'none';
  const { failedAt } = state;
  if (error !== undefined && failedAt !== undefined && context.now - failedAt < context.graceMs) return 'none';
  return 'fetch';
}

/** Whether the live read has answered and no fetch is under way (nor a stored one still to be shown). */
export function isSettled(state: KeyEntryState<unknown>, inFlight: boolean): boolean {
  return state.loaded && state.waiting.length === 0 && !inFlight && state.settling === undefined;
}
