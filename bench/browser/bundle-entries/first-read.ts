/**
 * Bundle entry: the first-read path (issue 24: the small script that shows a cached list before the rest of the
 * library loads, with the view's param check). There is no separate entry for it yet, so this is the same as
 * `catalogue-view.ts`; once the first-read path exists, this file imports it instead and the row measures it.
 */
import { createCatalogue } from '../../../src/index.js';

const catalogue = createCatalogue({ baseUrl: 'https://api.example.org', accessToken: 'token' });
const view = catalogue.trendingTv({ time_window: 'day' });
view.subscribe(() => {
  document.title = String(view.getSnapshot().data?.results.length ?? 0);
});
