import type { OperationName } from '../../api/index.js';
import type { ListMapping } from './store-mapping.js';

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
  /**
   * Item fields that belong to the user, not to the record (a rated list's `rating`): kept on the user's page with
   * the item (`itemExtras`), never merged into the shared record, so another user or list never sees them.
   */
  readonly itemFields?: readonly string[];
}

/**
 * A list of movie or series summaries (trending, airing today, discover, the account's lists): each summary merges
 * into its record; the page keeps the ids in served order. `media_type` is presentation: an operation that
 * always carries it gets it back from `mediaType`; an item that carried it otherwise keeps it in `itemExtras`, as
 * do the user's own fields (`itemFields`).
 */
export function summaryListMapping<O extends OperationName>(options: SummaryListOptions): ListMapping<O> {
  const { table, mediaType } = options;
  const itemFields = options.itemFields ?? [];
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
        if (item.media_type === undefined && itemFields.length === 0) {
          rows[i] = item as unknown as Record<string, unknown>;
          continue;
        }
        const { media_type, ...record } = item as SummaryItem & Record<string, unknown>;
        const extras: Record<string, unknown> = {};
        if (media_type !== undefined && media_type !== mediaType) extras.media_type = media_type;
        for (const field of itemFields) {
          if (!(field in record)) continue;
          extras[field] = record[field];
          delete record[field];
        }
        rows[i] = record;
        if (Object.keys(extras).length > 0) {
          itemExtras ??= {};
          itemExtras[i] = extras;
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
