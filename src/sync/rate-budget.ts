import type { Clock, Random } from '../env.js';
import type { BroadcastChannelLike } from './budget-channel.js';

/**
 * One rate budget per service (DESIGN, Contracts: "Tabs, worker, lock, budget"): the service limits per client,
 * not per tab, so the instances talking to it split the configured rate into equal shares leased over a channel.
 * Only members with work hold a lease: an idle tab or a sleeping worker takes nothing, and a lone busy instance
 * holds it all.
 *
 * Protocol (every message carries the sender's id, its configured limit and whether it has work):
 *   join     → `hello`; every member answers `here`          (the newcomer learns the members)
 *   busy/idle → `here` with the new `active` flag, when it changes
 *   alive    → `here` every `heartbeatMs`; silent for 3 beats → gone   (a crashed tab says no `bye`)
 *   leave    → `bye`
 * share = min(configured limits) ÷ (busy members, this one included) while busy; ÷ (all members) while idle, which
 * is where a member turning busy starts.
 *
 * Why shares shrink at once but grow one window late: the rate is a sliding window of 1 s. A member that leaves,
 * idles or shrinks may have started a full old share in the last second; granting its part to the others before
 * that window has passed would let the sum exceed the limit. What is left: a member turning busy while another has
 * been busy at a larger share may, within that first window, add its share to what the other already started
 * (the other shrinks as soon as it hears, about a millisecond later); the queue's adaptive limiter absorbs such a
 * 429 if it comes. The alternative, holding a newcomer's first request for a window, would delay every page.
 */

/** The limiter's window: a share may grow only once the old rate's starts have left it. */
export const RATE_WINDOW_MS = 1000;

export interface RateBudgetOptions {
  /** The configured rate of this instance (the origin's limit). */
  readonly perSecond: number;
  /** The floor of a share (the queue refuses less). */
  readonly minPerSecond: number;
  readonly channel: BroadcastChannelLike;
  readonly clock: Clock;
  readonly random: Random;
  /** How often to say `here`; `false` where members always leave by `bye` (the in-process channel). */
  readonly heartbeatMs: number | false;
  /** Called with each new share: `queue.setRateLimit({ perSecond })`. */
  readonly onShare: (perSecond: number) => void;
}

export interface RateBudget {
  /** This instance's id on the channel. */
  readonly id: string;
  /** The rate this instance may use now. */
  readonly share: number;
  /** Instances that can hear each other, this one included. */
  readonly members: number;
  /** Instances with work (holding a lease), this one included when it has work. */
  readonly activeMembers: number;
  /** Says whether this instance has work (requests queued or in flight); others adjust when it changes. */
  setActive(active: boolean): void;
  /** Says `bye` and stops; the others' shares grow one window later. */
  leave(): void;
}

interface BudgetMessage {
  readonly protocol: 'catalogue-sync/budget';
  readonly kind: 'hello' | 'here' | 'bye';
  readonly id: string;
  readonly perSecond: number;
  readonly active: boolean;
}

function isBudgetMessage(data: unknown): data is BudgetMessage {
  const m = data as Partial<BudgetMessage> | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    m.protocol === 'catalogue-sync/budget' &&
    (m.kind === 'hello' || m.kind === 'here' || m.kind === 'bye') &&
    typeof m.id === 'string' &&
    typeof m.perSecond === 'number' &&
    m.perSecond > 0 &&
    typeof m.active === 'boolean'
  );
}

let instances = 0;

export function joinRateBudget(options: RateBudgetOptions): RateBudget {
  const { channel, clock, perSecond } = options;
  // Random and time tell realms apart; the counter tells apart instances of one realm even on one seeded random.
  const id = `${Math.floor(options.random() * 2 ** 48).toString(36)}-${clock.now().toString(36)}-${++instances}`;
  const peers = new Map<string, { perSecond: number; seenAt: number; active: boolean }>();
  let share = perSecond;
  let growTimer: unknown;
  let growTo: number | undefined;
  let beatTimer: unknown;
  let left = false;
  let active = false;

  const post = (kind: BudgetMessage['kind']) => {
    try {
      channel.postMessage({ protocol: 'catalogue-sync/budget', kind, id, perSecond, active } satisfies BudgetMessage);
    } catch {
      // A channel closed under us (the realm is going away): the others will drop this member by its silence.
    }
  };

  function activePeers(): number {
    let n = 0;
    for (const peer of peers.values()) if (peer.active) n += 1;
    return n;
  }

  /**
   * Busy: a part among the busy. Idle: a part among all, which is also where a member turning busy starts, since
   * every idle member may turn busy at the same moment (three tabs told to load at once) before any hears the
   * others; it grows to its part among the busy one window later, like any growth.
   */
  function target(): number {
    let limit = perSecond;
    for (const peer of peers.values()) limit = Math.min(limit, peer.perSecond);
    const sharing = active ? activePeers() + 1 : peers.size + 1;
    return Math.max(limit / sharing, Math.min(options.minPerSecond, limit));
  }

  function setShare(next: number): void {
    if (next === share) return;
    share = next;
    options.onShare(next);
  }

  function cancelGrowth(): void {
    if (growTimer !== undefined) clock.clearTimeout(growTimer);
    growTimer = undefined;
    growTo = undefined;
  }

  function rebalance(): void {
    const next = target();
    if (next <= share) {
      cancelGrowth();
      setShare(next);
    } else if (growTo !== next) {
      cancelGrowth();
      growTo = next;
      growTimer = clock.setTimeout(() => {
        growTimer = undefined;
        growTo = undefined;
        if (!left) setShare(Math.min(next, target()));
      }, RATE_WINDOW_MS);
    }
  }

  function expire(): void {
    if (options.heartbeatMs === false) return;
    const deadline = clock.now() - 3 * options.heartbeatMs;
    for (const [peer, { seenAt }] of peers) if (seenAt < deadline) peers.delete(peer);
  }

  const onMessage = (event: { data: unknown }) => {
    const message = event.data;
    if (left || !isBudgetMessage(message) || message.id === id) return;
    if (message.kind === 'bye') peers.delete(message.id);
    else peers.set(message.id, { perSecond: message.perSecond, seenAt: clock.now(), active: message.active });
    if (message.kind === 'hello') post('here');
    rebalance();
  };

  function beat(): void {
    if (left || options.heartbeatMs === false) return;
    beatTimer = clock.setTimeout(() => {
      post('here');
      expire();
      rebalance();
      beat();
    }, options.heartbeatMs);
  }

  channel.addEventListener('message', onMessage);
  post('hello');
  beat();

  return {
    id,
    get share() {
      return share;
    },
    get members() {
      return peers.size + 1;
    },
    get activeMembers() {
      return activePeers() + (active ? 1 : 0);
    },
    setActive(next) {
      if (left || next === active) return;
      active = next;
      post('here');
      rebalance();
    },
    leave() {
      if (left) return;
      left = true;
      cancelGrowth();
      if (beatTimer !== undefined) clock.clearTimeout(beatTimer);
      channel.removeEventListener('message', onMessage);
      post('bye');
      channel.close();
    },
  };
}
