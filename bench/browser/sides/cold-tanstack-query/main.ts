/**
 * cold-first-content, TanStack Query with the per-query persister (`experimental_createQueryPersister` over
 * idb-keyval), as `../tanstack-query` uses it: a `QueryObserver` of trending TV page 1 first looks in storage (empty
 * on a first visit), then fetches, renders and persists the query.
 */
import { QueryClient, QueryObserver } from '@tanstack/query-core';
import { experimental_createQueryPersister } from '@tanstack/query-persist-client-core';
import { keyvalStorage } from '../keyval.js';
import { render } from '../shared.js';
import { fetchTrending, TRENDING_PARAMS, type TrendingPage } from '../trending.js';

const persister = experimental_createQueryPersister({ storage: keyvalStorage('cold-first-content-query') });
const observer = new QueryObserver<TrendingPage>(new QueryClient(), {
  queryKey: ['trendingTv', TRENDING_PARAMS],
  queryFn: fetchTrending,
  // The experimental persister's function type lags query-core's (optional vs required pageParam).
  persister: persister.persisterFn as never,
  staleTime: Number.POSITIVE_INFINITY,
});
let shown = false;
observer.subscribe((result) => {
  if (shown || !result.data) return;
  shown = true;
  render(result.data.results);
});
