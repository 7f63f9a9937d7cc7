import type { Clock } from '../../env.js';
import type { CatalogueDatabase } from '../../store/database/catalogue-database.js';
import type { SyncEngine } from '../sync-engine.js';
import { followSeries } from './follow-series.js';
import { maxRequestsArg, seriesIdsArg, sinceArg } from './news-args.js';
import { newsSince } from './news-since.js';
import type { CatalogueNews } from './news-types.js';

interface NewsDeps {
  readonly db: CatalogueDatabase;
  readonly engine: SyncEngine;
  readonly clock: Clock;
}

/** `catalogue.news` (see `CatalogueNews`): arguments validated at the call, before anything is read or sent. */
export function createNews(deps: NewsDeps): CatalogueNews {
  return {
    async follow(seriesIds, options = {}) {
      const ids = seriesIdsArg('follow', seriesIds);
      const maxRequests = maxRequestsArg(options.maxRequests);
      return followSeries(deps, ids, maxRequests, options.signal);
    },
    async since(since, seriesIds) {
      const at = sinceArg(since);
      const ids = seriesIdsArg('since', seriesIds);
      return newsSince(deps.db, at, ids, deps.clock.now());
    },
  };
}
