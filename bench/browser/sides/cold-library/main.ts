/**
 * cold-first-content, the library's side: `createCatalogue` from the main entry and the `trendingTv` view, its
 * rows rendered whenever the view has data. Built from the repository's `src` at each run, so it measures the
 * library as it is then.
 */
import { createCatalogue } from '../../../../src/index.js';
import { render, TOKEN } from '../shared.js';
import { apiOrigin, TRENDING_PARAMS } from '../trending.js';

const catalogue = createCatalogue({ baseUrl: apiOrigin(), accessToken: TOKEN, dbName: 'cold-first-content' });
const view = catalogue.trendingTv(TRENDING_PARAMS);
view.subscribe(() => {
  const data = view.getSnapshot().data;
  if (data) render(data.results);
});
