import type { RecordTableName } from '../tables/record-tables.js';

/**
 * What a write did: `stored` wrote records (and a list page); `not-modified` wrote freshness only, or nothing at all
 * for `derived` (a series' account state that the user's whole, fresh account lists answer: nothing to fetch).
 */
export type WriteResult =
  | {
      readonly outcome: 'stored';
      readonly requestKey: string;
      /** Rows upserted per record table. */
      readonly rows: Partial<Record<RecordTableName, number>>;
      /** The list page written, for list operations: its served ids and totals, as the page row holds them. */
      readonly listPage?: {
        readonly listKey: string;
        readonly page: number;
        readonly ids: readonly (number | string)[];
        readonly total_pages: number;
        readonly total_results: number;
      };
      readonly writeId?: string;
    }
  | {
      readonly outcome: 'not-modified';
      readonly requestKey: string;
      readonly reason: 'status-304' | 'same-etag' | 'derived';
      readonly writeId?: string;
    };
