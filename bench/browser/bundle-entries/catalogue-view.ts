/** Bundle entry: `createCatalogue` and one view of a list, subscribed (what an app's list screen imports). */
import { createCatalogue } from '../../../src/index.js';

const catalogue = createCatalogue({ baseUrl: 'https://api.example.org', accessToken: 'token' });
const view = catalogue.trendingTv({ time_window: 'day' });
view.subscribe(() => {
  document.title = String(view.getSnapshot().data?.results.length ?? 0);
});
