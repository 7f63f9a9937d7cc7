/** Bundle entry: the typed client alone, `createApiClient` and one request. */
import { createApiClient } from '../../../src/api-entry.js';

const client = createApiClient({ baseUrl: 'https://api.example.org', accessToken: 'token' });
void client.request('trendingTv', { time_window: 'day' }).then((response) => {
  document.title = String(response.data.results.length);
});
