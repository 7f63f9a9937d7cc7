import type { Priority } from '../../queue/priority.js';
import type { RequestQueue } from '../../queue/request-queue.js';

export interface ChangedSeriesQuery {
  readonly start_date: string;
  /** Give up (undefined) when the list has more pages than this: polling would cost less. */
  readonly maxPages: number;
  readonly priority: Priority;
  readonly signal: AbortSignal | undefined;
  /** Called before each request is sent (budget accounting). */
  readonly onRequest: () => void;
}

/**
 * The ids of series changed from `start_date` to today (`GET /3/tv/changes`, every page), or undefined when the
 * list is longer than `maxPages`. An episode change counts for its series (FACTS §6).
 */
export async function changedSeriesSince(
  queue: RequestQueue,
  query: ChangedSeriesQuery,
): Promise<Set<number> | undefined> {
  const options = { priority: query.priority, signal: query.signal };
  if (query.maxPages < 1) return undefined;
  query.onRequest();
  const first = await queue.request('tvChanges', { start_date: query.start_date }, options);
  const total = Math.max(1, first.data.total_pages);
  if (total > query.maxPages) return undefined;
  const rest = await Promise.all(
    Array.from({ length: total - 1 }, (_, i) => {
      query.onRequest();
      return queue.request('tvChanges', { start_date: query.start_date, page: i + 2 }, options);
    }),
  );
  const ids = new Set<number>();
  for (const page of [first, ...rest]) for (const item of page.data.results) ids.add(item.id);
  return ids;
}
