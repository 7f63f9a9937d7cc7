import { tvSeriesSummary } from '../api/schemas/build/tv-series-summary.js';
import { PAGE_SIZE } from '../api/schemas/params.js';
import type { tvSeriesSummary as TvSeriesSummarySchema } from '../api/schemas/tv-series-summary.js';
import { foldText } from './fold-text.js';

/**
 * What local discover and search (`stored-local-queries.ts`) use of modules the core shares with the first read:
 * the service's page size, the summary schema a stored row must still satisfy and the text folding. The core hands
 * them in rather than the queries importing them: the queries are a chunk of their own on the main entry
 * (`lazy-features.ts`), and a bundler splits by file, so a module they shared with the first read (or the core)
 * would be cut out into one more chunk on that path. Only types are imported from here there.
 */
export interface LocalKit {
  /** Results a page, as the service pages them. */
  readonly pageSize: number;
  readonly tvSeriesSummary: Pick<typeof TvSeriesSummarySchema, 'safeParse'>;
  readonly foldText: typeof foldText;
}

/** The core's `LocalKit` (and the tests'). */
export function localKit(): LocalKit {
  return {
    pageSize: PAGE_SIZE,
    // Made when a local query first checks a row, not when the views are: a catalogue may never run one.
    get tvSeriesSummary() {
      return tvSeriesSummary();
    },
    foldText,
  };
}
