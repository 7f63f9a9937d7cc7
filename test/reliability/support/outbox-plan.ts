import fc from 'fast-check';

/** One user's change: accounts make any of them, a guest only rates (its kind is mapped to a rating). */
export interface PlannedChange {
  readonly type: 'change';
  readonly tab: number;
  /** 0 and 1: accounts; 2: the guest. */
  readonly user: number;
  readonly kind: 'favorite' | 'watchlist' | 'rate' | 'unrate' | 'remove';
  /** Index into the series pool (or the user's list items, for `remove`). */
  readonly target: number;
  readonly flag: boolean;
  /** Rating in half steps: 1..20 → 0.5..10. */
  readonly halves: number;
}

/**
 * What happens between changes: the network comes (for a while) or goes, a tab reloads mid-send, or the wall
 * clock jumps (forward or back, by minutes or hours), while one of a tab's writes is on the wire or not.
 */
export type PlannedEvent =
  | { readonly type: 'online'; readonly ms: number }
  | { readonly type: 'offline' }
  | { readonly type: 'reload'; readonly tab: number; readonly commit: boolean }
  | { readonly type: 'jump'; readonly ms: number; readonly midSend: boolean; readonly tab: number };

export type PlannedStep = PlannedChange | PlannedEvent;

export interface OutboxPlan {
  readonly tabs: number;
  readonly steps: readonly PlannedStep[];
  /** Seeds the write faults of the run (ledger and the fake's portal pages and cut answers). */
  readonly faultSeed: number;
}

export const SERIES_POOL = 2;
export const LIST_ITEMS = 3;

const change: fc.Arbitrary<PlannedChange> = fc.record({
  type: fc.constant('change' as const),
  tab: fc.nat(2),
  user: fc.nat(2),
  kind: fc.constantFrom(
    'favorite' as const,
    'watchlist' as const,
    'rate' as const,
    'unrate' as const,
    'remove' as const,
  ),
  target: fc.nat(LIST_ITEMS - 1),
  flag: fc.boolean(),
  halves: fc.integer({ min: 1, max: 20 }),
});

const MINUTE = 60_000;
/** A wall-clock jump: 1–59 minutes or 1–6 hours, forward or back. */
const jumpMs = fc
  .tuple(
    fc.oneof(
      fc.integer({ min: 1, max: 59 }).map((m) => m * MINUTE),
      fc.integer({ min: 1, max: 6 }).map((h) => h * 60 * MINUTE),
    ),
    fc.boolean(),
  )
  .map(([ms, back]) => (back ? -ms : ms));

const event: fc.Arbitrary<PlannedEvent> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ type: fc.constant('online' as const), ms: fc.integer({ min: 0, max: 2_000 }) }) },
  { weight: 2, arbitrary: fc.constant({ type: 'offline' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constant('reload' as const), tab: fc.nat(2), commit: fc.boolean() }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constant('jump' as const), ms: jumpMs, midSend: fc.boolean(), tab: fc.nat(2) }),
  },
);

/** 2–3 tabs, 5–15 changes, each followed by nothing or one event. */
export const outboxPlan: fc.Arbitrary<OutboxPlan> = fc.record({
  tabs: fc.integer({ min: 2, max: 3 }),
  steps: fc
    .array(fc.tuple(change, fc.option(event, { freq: 2 })), { minLength: 5, maxLength: 15 })
    .map((pairs) => pairs.flatMap(([c, e]) => (e === null ? [c] : [c, e]))),
  faultSeed: fc.integer({ min: 1, max: 2_000_000_000 }),
});
