import type { EventEmitter } from 'eventemitter3';
import type { Clock, Logger } from '../../env.js';
import type { RequestQueue } from '../../queue/request-queue.js';
import type { CatalogueDatabase } from '../../store/database/catalogue-database.js';
import { readRef } from '../../store/read-ref.js';
import type { EpisodeCursorRow } from '../../store/tables/rows.js';
import { WritePlan } from '../../store/write/write-plan.js';
import type { CatalogueEvents } from '../catalogue-events.js';
import type { SyncEngine } from '../sync-engine.js';
import { applyEpisodeChanges } from './apply-episode-changes.js';
import {
  type RefreshChangesOptions,
  type RefreshChangesResult,
  resolveBudget,
  type TrackSeriesOptions,
} from './change-feed-options.js';
import type { Candidate, RunCounts, RunState } from './change-run.js';
import { fitsWindow, isoDay, startDayOf } from './change-window.js';
import { placeOf } from './episode-dependents.js';
import { planFallback } from './fallback-revalidation.js';
import type { FeedStore } from './feed-store.js';
import { narrowChanges } from './narrow-changes.js';

/** What the change feed adds to `catalogue.sync`. */
export interface ChangeFeedSync {
  /**
   * Polls tracked episodes' change feeds (background priority, most recently read first, within a request
   * budget) and applies them as patches; gaps over 14 days revalidate the episodes' stored resources instead.
   */
  refreshChanges(options?: RefreshChangesOptions): Promise<RefreshChangesResult>;
}

/** `catalogue.track`: which episodes change feeds keep fresh (every stored episode is tracked already). */
export interface EpisodeTracking {
  /** Tracks one episode; one not stored yet is fetched with its season when `place` is given. */
  episode(episodeId: number, place?: { series_id: number; season_number: number }): Promise<void>;
  /** Tracks every episode of a series, fetching its seasons' details. */
  series(seriesId: number, options?: TrackSeriesOptions): Promise<{ seasons: number[]; episodes: number }>;
}

/** What the change feed reads of the catalogue's resolved options. */
export interface ChangeFeedOptions {
  readonly clock: Clock;
  readonly logger: Logger;
  /** Change items in another language are ignored (Contracts, "Language"). */
  readonly language: string;
}

interface ChangeFeedDeps {
  readonly options: ChangeFeedOptions;
  readonly db: CatalogueDatabase;
  /**
   * The queue, with feed answers that fail validation quarantined like pulled ones (`quarantining-queue.ts`: the
   * feeds bypass `SyncEngine.pull`). The core wraps it, with modules the first read shares.
   */
  readonly queue: RequestQueue;
  readonly emitter: EventEmitter<CatalogueEvents>;
  readonly engine: SyncEngine;
  readonly store: FeedStore;
}

/**
 * Keeps tracked episodes fresh from the service's episode change feeds instead of refetching them.
 *
 * One run: read every cursor → order by last read (a view on screen reads its episodes) then oldest check →
 * episodes past the 14-day window, or never stored, revalidate the resources that hold them (fallback) → when it
 * saves requests, one `tvChanges` list tells which series changed, and the cursors of the others advance without
 * a request → the rest poll `episodeChanges` from their cursor's day and apply the items as patches, each episode
 * in one transaction with its cursor.
 */
export class ChangeFeed {
  readonly #deps: ChangeFeedDeps;

  constructor(deps: ChangeFeedDeps) {
    this.#deps = deps;
  }

  async refreshChanges(options: RefreshChangesOptions = {}): Promise<RefreshChangesResult> {
    const state: RunState = {
      budget: resolveBudget(options.budget),
      requests: 0,
      priority: options.priority ?? 'background',
      signal: options.signal,
    };
    const now = this.#deps.options.clock.now();
    const candidates = await this.#candidates();
    const fallback = candidates.filter((c) => !c.row || !fitsWindow(c.cursor, now));
    const feed = candidates.filter((c) => c.row && fitsWindow(c.cursor, now));
    const quiet = await this.#skipQuiet(feed, state);
    const toPoll = feed.filter((c) => !quiet.has(c.cursor.episode_id));
    const result: RunCounts = { polled: 0, patched: 0, fallback: 0, staled: 0, failed: 0, remaining: 0 };
    // Planned first (it reads the store), so fallbacks take their budget in the same order as polls.
    const advance = (cursors: readonly EpisodeCursorRow[], at: number) => this.#advance(cursors, at);
    const fallbackRun = await planFallback({ ...this.#deps, advance }, fallback, state, result);
    // In order: the most recently read first; what the budget does not cover waits for the next run.
    const chosen = toPoll.slice(0, Math.max(0, state.budget));
    state.budget -= chosen.length;
    result.remaining += toPoll.length - chosen.length;
    let done = 0;
    const polls = chosen.map((candidate) =>
      this.#poll(candidate, state, result).then(() => {
        done += 1;
        this.#deps.emitter.emit('progress', { operation: 'episodeChanges', done, total: chosen.length });
      }),
    );
    await Promise.all([fallbackRun, ...polls]);
    if (state.signal?.aborted) throw state.signal.reason;
    return { ...result, quiet: quiet.size, requests: state.requests };
  }

  /** Every cursor with its stored row, most recently read first, then the longest unchecked. */
  async #candidates(): Promise<Candidate[]> {
    const { db } = this.#deps;
    const cursors = await db.episodeCursors.toArray();
    const ids = cursors.map((cursor) => cursor.episode_id);
    const [rows, marks] = await Promise.all([
      db.episodes.bulkGet(ids),
      db.readMarks.bulkGet(ids.map((id) => readRef('episodes', id))),
    ]);
    return cursors
      .map((cursor, i) => ({ cursor, row: rows[i], readAt: marks[i]?.lastReadAt ?? Number.NEGATIVE_INFINITY }))
      .sort((a, b) => b.readAt - a.readAt || a.cursor.checkedAt - b.cursor.checkedAt)
      .map(({ cursor, row }) => ({ cursor, row }));
  }

  /**
   * Asks top-down which tracked episodes changed (series list → series feed → season feed) where that spares polls,
   * and advances the cursors of the episodes proven unchanged. Returns their ids.
   */
  async #skipQuiet(feed: readonly Candidate[], state: RunState): Promise<Set<number>> {
    const sentAt = this.#deps.options.clock.now();
    const take = () => {
      if (state.budget <= 0) return false;
      state.budget -= 1;
      state.requests += 1;
      return true;
    };
    const { quiet } = await narrowChanges(
      feed.map((c) => c.cursor),
      { queue: this.#deps.queue, priority: state.priority, signal: state.signal, take },
    );
    await this.#advance(quiet, sentAt);
    return new Set(quiet.map((cursor) => cursor.episode_id));
  }

  /** Moves cursors to `checkedAt` (never back), in one transaction. */
  async #advance(cursors: readonly EpisodeCursorRow[], checkedAt: number): Promise<void> {
    const { db, store } = this.#deps;
    if (cursors.length === 0) return;
    const ids = cursors.map((c) => c.episode_id);
    await store.writeThrough(db, WritePlan.rows(db.episodeCursors.name, ids), async () => {
      const stored = await db.episodeCursors.bulkGet(ids);
      const due = stored.filter((c): c is EpisodeCursorRow => c !== undefined && c.checkedAt < checkedAt);
      await db.episodeCursors.bulkPut(due.map((c) => ({ ...c, checkedAt })));
    });
  }

  async #poll(candidate: Candidate, state: RunState, result: RunCounts): Promise<void> {
    const { queue, db, options, emitter } = this.#deps;
    const episodeId = candidate.cursor.episode_id;
    const sentAt = options.clock.now();
    try {
      state.requests += 1;
      const response = await queue.request(
        'episodeChanges',
        { episode_id: episodeId, start_date: isoDay(startDayOf(candidate.cursor)) },
        { priority: state.priority, signal: state.signal },
      );
      // A full disk evicts browse data and retries once, as a response's write does (the write gate).
      const applied = await applyEpisodeChanges(db, {
        episodeId,
        feed: response.data,
        checkedAt: sentAt,
        language: options.language,
        now: options.clock.now(),
        store: this.#deps.store,
        ...(candidate.row ? { place: placeOf(candidate.row) } : {}),
      });
      result.polled += 1;
      if (applied.written) result.patched += 1;
      result.staled += applied.staled;
      if (applied.keys.length > 0) emitter.emit('changesApplied', { episodeId, keys: applied.keys });
    } catch (error) {
      if (state.signal?.aborted) result.remaining += 1;
      else {
        result.failed += 1;
        options.logger.warn('catalogue-sync: episode change feed failed', { episodeId, error: String(error) });
      }
    }
  }
}
