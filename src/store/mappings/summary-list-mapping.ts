import type { OperationName } from '../../api/index.js';
import type { ListMapping } from '../store-mapping.js';

interface SummaryItem {
  id: number;
  media_type?: string;
}

export interface SummaryListOptions {
  /** Where the summaries are stored. */
  readonly table: 'movies' | 'tvSeries';
  /** The `media_type` every item of this operation carries (trending), added back on read. */
  readonly mediaType?: 'movie' | 'tv';
  readonly userScoped?: boolean;
}

/**
 * A list of movie or series summaries (trending, airing today, discover, watchlist): each summary merges
 * into its record; the page keeps the ids in served order. `media_type` is presentation: an operation that
 * always carries it gets it back from `mediaType`; an item that carried it otherwise keeps it in `itemExtras`.
 */
export function summaryListMapping<O extends OperationName>(options: SummaryListOptions): ListMapping<O> {
  const { table, mediaType } = options;
  return {
    kind: 'list',
    userScoped: options.userScoped ?? false,
    tables: [table],
    toRows(data) {
      const results = (data as unknown as { results: SummaryItem[] }).results;
      const rows: Record<string, unknown>[] = new Array(results.length);
      const ids: number[] = new Array(results.length);
      let itemExtras: Record<number, Record<string, unknown>> | undefined;
      for (let i = 0; i < results.length; i++) {
        const item = results[i] as SummaryItem;
        ids[i] = item.id;
        // Most items carry no media_type: store the parsed object itself (Dexie clones it on put).
        if (item.media_type === undefined) {
          rows[i] = item as unknown as Record<string, unknown>;
          continue;
        }
        const { media_type, ...record } = item;
        rows[i] = record;
        if (media_type !== mediaType) {
          itemExtras ??= {};
          itemExtras[i] = { media_type };
        }
      }
      return { records: [{ table, rows }], page: itemExtras ? { ids, itemExtras } : { ids } };
    },
    async readItems(context, page) {
      const records = await context.records<Record<string, unknown>>(table, page.ids);
      if (!records) return undefined;
      return records.map((record, i) => {
        const extras = page.itemExtras?.[i];
        if (mediaType === undefined && extras === undefined) return record;
        return { ...record, ...(mediaType === undefined ? {} : { media_type: mediaType }), ...extras };
      });
    },
  };
}
