import { CURSOR_OVERLAP_MS } from '../../store/records/episode-cursors.js';
import type { EpisodeCursorRow } from '../../store/tables/rows.js';

const DAY_MS = 86_400_000;

/** The service serves at most 14 days per request (FACTS §6): a longer gap takes the fallback. */
export const MAX_WINDOW_DAYS = 14;

export function dayOf(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

export function isoDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The first UTC day a cursor's next poll must cover (its time minus the overlap). */
export function startDayOf(cursor: EpisodeCursorRow): number {
  return dayOf(cursor.checkedAt - CURSOR_OVERLAP_MS);
}

/** Whether `start_date` = the cursor's start day up to today fits in one window. */
export function fitsWindow(cursor: EpisodeCursorRow, now: number): boolean {
  return dayOf(now) - startDayOf(cursor) <= MAX_WINDOW_DAYS;
}
